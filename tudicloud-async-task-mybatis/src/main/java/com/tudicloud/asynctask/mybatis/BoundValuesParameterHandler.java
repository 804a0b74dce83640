package com.tudicloud.asynctask.mybatis;

import org.apache.ibatis.executor.parameter.ParameterHandler;
import org.apache.ibatis.mapping.ParameterMapping;
import org.apache.ibatis.mapping.ParameterMode;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.type.JdbcType;
import org.apache.ibatis.type.TypeException;
import org.apache.ibatis.type.TypeHandler;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * Sets the values a reused rendering read ({@link ShapeCachedSqlSource.BoundValues}) through each placeholder's
 * type handler, as MyBatis's own parameter handler would after resolving every property path again.
 */
final class BoundValuesParameterHandler implements ParameterHandler {

    private final Configuration configuration;
    private final ShapeCachedSqlSource.BoundValues bound;

    BoundValuesParameterHandler(Configuration configuration, ShapeCachedSqlSource.BoundValues bound) {
        this.configuration = configuration;
        this.bound = bound;
    }

    @Override
    public Object getParameterObject() {
        return bound.getParameterObject();
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public void setParameters(PreparedStatement statement) throws SQLException {
        List<ParameterMapping> mappings = bound.getParameterMappings();
        for (int i = 0; i < mappings.size(); i++) {
            ParameterMapping mapping = mappings.get(i);
            if (mapping.getMode() == ParameterMode.OUT) {
                continue;
            }
            Object value = bound.valueAt(i);
            JdbcType jdbcType = mapping.getJdbcType();
            if (value == null && jdbcType == null) {
                jdbcType = configuration.getJdbcTypeForNull();
            }
            TypeHandler handler = mapping.getTypeHandler();
            try {
                handler.setParameter(statement, i + 1, value, jdbcType);
            } catch (TypeException | SQLException e) {
                throw new TypeException("Could not set parameter " + mapping.getProperty() + " of " + mapping, e);
            }
        }
    }
}
