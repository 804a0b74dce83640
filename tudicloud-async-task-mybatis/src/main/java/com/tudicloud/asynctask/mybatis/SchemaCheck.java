package com.tudicloud.asynctask.mybatis;

import org.springframework.dao.DataAccessException;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether the tables the stores use exist, asked of the database by reading no row of each: a service
 * started on a database without the schema is told so once, at start, instead of in a SQL error per
 * poll.
 */
public final class SchemaCheck {

    /**
     * SQLSTATE "base table or view not found", as MySQL, MariaDB and H2 report a missing table; H2 says 42S04
     * instead while the database has no table at all.
     */
    private static final Set<String> NO_SUCH_TABLE = Set.of("42S02", "42S04");

    private final Map<String, Runnable> probes = new LinkedHashMap<>();

    SchemaCheck(DeferredMappers mappers) {
        probes.put("system_async_task", mappers.mapper(SystemAsyncTaskMapper.class)::probeTable);
        probes.put("system_async_task_lock", mappers.mapper(SystemAsyncTaskLockMapper.class)::probeTable);
        probes.put("system_async_task_worker", mappers.mapper(SystemAsyncTaskWorkerMapper.class)::probeTable);
        probes.put("system_async_task_type", mappers.mapper(SystemAsyncTaskTypeMapper.class)::probeTable);
        probes.put("system_async_task_event", mappers.mapper(SystemAsyncTaskEventMapper.class)::probeTable);
        probes.put("system_async_task_schedule", mappers.mapper(SystemAsyncTaskScheduleMapper.class)::probeTable);
        probes.put("system_async_task_batch", mappers.mapper(SystemAsyncTaskBatchMapper.class)::probeTable);
        probes.put("system_async_task_start", mappers.mapper(SystemAsyncTaskStartMapper.class)::probeTable);
        probes.put("system_async_task_dependency", mappers.mapper(SystemAsyncTaskDependencyMapper.class)::probeTable);
    }

    /**
     * @return the tables the database says do not exist, in the order the schema creates them
     * @throws DataAccessException when the database cannot be asked (unreachable, no permission, ...)
     */
    public List<String> missingTables() {
        List<String> missing = new ArrayList<>();
        probes.forEach((table, probe) -> {
            try {
                probe.run();
            } catch (DataAccessException e) {
                if (!isNoSuchTable(e)) {
                    throw e;
                }
                missing.add(table);
            }
        });
        return missing;
    }

    private static boolean isNoSuchTable(DataAccessException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && NO_SUCH_TABLE.contains(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
