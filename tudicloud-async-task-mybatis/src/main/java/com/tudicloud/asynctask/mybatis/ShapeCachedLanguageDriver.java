package com.tudicloud.asynctask.mybatis;

import org.apache.ibatis.executor.parameter.ParameterHandler;
import org.apache.ibatis.mapping.BoundSql;
import org.apache.ibatis.mapping.MappedStatement;
import org.apache.ibatis.mapping.SqlSource;
import org.apache.ibatis.parsing.XNode;
import org.apache.ibatis.scripting.xmltags.XMLLanguageDriver;
import org.apache.ibatis.session.Configuration;

/**
 * The mapper XML's own language, for statements that declare {@code lang="shapeCached"}: their text depends
 * only on the sizes of their lists and on their boolean flags, so each shape is rendered once
 * ({@link ShapeCachedSqlSource}). A statement with an {@code <if>} on anything else must not declare it.
 */
public final class ShapeCachedLanguageDriver extends XMLLanguageDriver {

    static final String ALIAS = "shapeCached";

    @Override
    public SqlSource createSqlSource(Configuration configuration, XNode script, Class<?> parameterType) {
        return new ShapeCachedSqlSource(configuration, super.createSqlSource(configuration, script, parameterType));
    }

    /** A reused rendering's values are read already: they are set as they are, not looked up again. */
    @Override
    public ParameterHandler createParameterHandler(MappedStatement statement, Object parameter, BoundSql boundSql) {
        return boundSql instanceof ShapeCachedSqlSource.BoundValues bound
                ? new BoundValuesParameterHandler(statement.getConfiguration(), bound)
                : super.createParameterHandler(statement, parameter, boundSql);
    }
}
