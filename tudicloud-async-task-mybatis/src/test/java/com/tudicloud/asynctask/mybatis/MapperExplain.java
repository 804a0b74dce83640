package com.tudicloud.asynctask.mybatis;

import org.apache.ibatis.mapping.BoundSql;
import org.apache.ibatis.mapping.MappedStatement;
import org.apache.ibatis.scripting.defaults.DefaultParameterHandler;
import org.apache.ibatis.session.Configuration;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * EXPLAIN of a statement of a mapper of the stores exactly as MyBatis renders and binds it: by its id in
 * this explainer's mapper, or by namespace and id.
 */
final class MapperExplain {

    private final DataSource dataSource;
    private final Configuration mybatis;
    private final String namespace;

    /** Statements of SystemAsyncTaskMapper.xml. */
    MapperExplain(DataSource dataSource) {
        this(dataSource, SystemAsyncTaskMapper.class);
    }

    MapperExplain(DataSource dataSource, Class<?> mapper) {
        this.dataSource = dataSource;
        this.mybatis = MyBatisStores.configuration(dataSource);
        this.namespace = mapper.getName() + ".";
    }

    /** The rows of EXPLAIN, column name to value, printed for the build log too. */
    List<Map<String, Object>> explain(String statementId, Map<String, Object> params) {
        MappedStatement statement = mybatis.getMappedStatement(statementId.contains(".") ? statementId : namespace + statementId);
        BoundSql bound = statement.getBoundSql(params);
        String sql = bound.getSql().replaceAll("\\s+", " ").trim();
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection connection = dataSource.getConnection();
             PreparedStatement explain = connection.prepareStatement("EXPLAIN " + sql)) {
            new DefaultParameterHandler(statement, params, bound).setParameters(explain);
            try (ResultSet rs = explain.executeQuery()) {
                ResultSetMetaData meta = rs.getMetaData();
                while (rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int i = 1; i <= meta.getColumnCount(); i++) {
                        row.put(meta.getColumnLabel(i), rs.getObject(i));
                    }
                    rows.add(row);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("EXPLAIN " + sql, e);
        }
        System.out.println("== " + statementId + " " + params);
        System.out.println("   " + sql);
        System.out.println(render(rows));
        return rows;
    }

    static String render(List<Map<String, Object>> rows) {
        StringBuilder text = new StringBuilder();
        for (Map<String, Object> row : rows) {
            StringJoiner line = new StringJoiner(" | ", "   ", "\n");
            row.forEach((column, value) -> line.add(column + "=" + value));
            text.append(line);
        }
        return text.toString();
    }

    /** EXPLAIN's rows column, which the driver returns as a string or a number depending on the server. */
    static long estimatedRows(Map<String, Object> row) {
        return Long.parseLong(String.valueOf(row.get("rows")));
    }
}
