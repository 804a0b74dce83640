package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import org.apache.ibatis.executor.Executor;
import org.apache.ibatis.executor.statement.StatementUtil;
import org.apache.ibatis.mapping.BoundSql;
import org.apache.ibatis.mapping.MappedStatement;
import org.apache.ibatis.plugin.Interceptor;
import org.apache.ibatis.plugin.Intercepts;
import org.apache.ibatis.plugin.Invocation;
import org.apache.ibatis.plugin.Signature;
import org.apache.ibatis.session.ResultHandler;
import org.apache.ibatis.session.RowBounds;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the claim's candidate rows straight from the result set, each column by its position (looked up by
 * label once per result), instead of through MyBatis's result mapping, which reads every column of every
 * row by name through a type handler: for a drain's claims that was the largest share of the engine's CPU.
 * The statements stay the mapper XML's; only how their rows become {@link ClaimCandidate}s is taken over.
 */
@Intercepts(@Signature(type = Executor.class, method = "query",
        args = {MappedStatement.class, Object.class, RowBounds.class, ResultHandler.class}))
final class ClaimRows implements Interceptor {

    private static final String NAMESPACE = SystemAsyncTaskMapper.class.getName() + ".";
    private static final Set<String> STATEMENTS = Set.of(
            NAMESPACE + "selectClaimCandidates", NAMESPACE + "selectKeyedClaimCandidates");

    @Override
    public Object intercept(Invocation invocation) throws Throwable {
        MappedStatement statement = (MappedStatement) invocation.getArgs()[0];
        if (!STATEMENTS.contains(statement.getId())) {
            return invocation.proceed();
        }
        Executor executor = (Executor) invocation.getTarget();
        Object parameter = invocation.getArgs()[1];
        BoundSql bound = statement.getBoundSql(parameter);
        Connection connection = executor.getTransaction().getConnection();
        try (PreparedStatement query = connection.prepareStatement(bound.getSql())) {
            Integer timeout = statement.getTimeout() != null ? statement.getTimeout()
                    : statement.getConfiguration().getDefaultStatementTimeout();
            StatementUtil.applyTransactionTimeout(query, timeout, executor.getTransaction().getTimeout());
            statement.getLang().createParameterHandler(statement, parameter, bound).setParameters(query);
            try (ResultSet rows = query.executeQuery()) {
                return read(rows);
            }
        }
    }

    static List<ClaimCandidate> read(ResultSet rows) throws SQLException {
        Columns at = Columns.of(rows.getMetaData());
        List<ClaimCandidate> candidates = new ArrayList<>();
        while (rows.next()) {
            candidates.add(new ClaimCandidate(rows.getLong(at.id), rows.getString(at.taskType),
                    TaskStatus.valueOf(rows.getString(at.status)), rows.getString(at.payloadJson),
                    rows.getInt(at.attemptCount), rows.getInt(at.maxAttempts), rows.getString(at.ownerId),
                    rows.getLong(at.leaseToken), rows.getInt(at.priority),
                    rows.getObject(at.availableAt, LocalDateTime.class), rows.getObject(at.dbNow, LocalDateTime.class),
                    rows.getInt(at.claimable) != 0, rows.getString(at.taskKey), rows.getInt(at.reached) != 0,
                    rows.getString(at.traceParent), nullableLong(rows, at.batchId), rows.getBoolean(at.hasDependents)));
        }
        return candidates;
    }

    private static Long nullableLong(ResultSet rows, int column) throws SQLException {
        long value = rows.getLong(column);
        return rows.wasNull() ? null : value;
    }

    /** Where each column of a candidate is in the result, by its label. */
    private record Columns(int id, int taskType, int status, int payloadJson, int attemptCount, int maxAttempts,
                           int ownerId, int leaseToken, int priority, int availableAt, int dbNow, int claimable,
                           int taskKey, int reached, int traceParent, int batchId, int hasDependents) {

        static Columns of(ResultSetMetaData meta) throws SQLException {
            Map<String, Integer> byLabel = new HashMap<>();
            for (int i = meta.getColumnCount(); i >= 1; i--) {
                byLabel.put(meta.getColumnLabel(i).toLowerCase(Locale.ROOT), i);
            }
            return new Columns(of(byLabel, "id"), of(byLabel, "task_type"), of(byLabel, "status"),
                    of(byLabel, "payload_json"), of(byLabel, "attempt_count"), of(byLabel, "max_attempts"),
                    of(byLabel, "owner_id"), of(byLabel, "lease_token"), of(byLabel, "priority"),
                    of(byLabel, "available_at"), of(byLabel, "db_now"), of(byLabel, "claimable"),
                    of(byLabel, "task_key"), of(byLabel, "reached"), of(byLabel, "trace_parent"),
                    of(byLabel, "batch_id"), of(byLabel, "has_dependents"));
        }

        private static int of(Map<String, Integer> byLabel, String label) {
            Integer index = byLabel.get(label);
            if (index == null) {
                throw new IllegalStateException("the claim's result has no column " + label + ": " + byLabel.keySet());
            }
            return index;
        }
    }
}
