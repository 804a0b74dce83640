package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.AuditTrail;
import com.tudicloud.asynctask.api.spi.BatchStore;
import com.tudicloud.asynctask.api.spi.FleetLocks;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.api.spi.StoreLimits;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import org.apache.ibatis.builder.xml.XMLMapperBuilder;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.session.Configuration;
import org.mybatis.spring.transaction.SpringManagedTransactionFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Builds the MyBatis stores on a DataSource. The stores get a MyBatis configuration of their own,
 * not a bean: a service's own MyBatis setup (its SqlSessionFactory, its settings) stays untouched,
 * while statements still join the service's Spring transactions on the same DataSource. A database that
 * cannot be reached while they are built does not stop them: the mappers are parsed when it first
 * answers ({@link DeferredMappers}).
 */
public record MyBatisStores(TaskStore taskStore, LeaseStore leaseStore, TaskAdminStore adminStore,
                           WorkerRegistry workerRegistry, FleetLocks fleetLocks, FleetSettings fleetSettings,
                           SchemaCheck schemaCheck, ScheduleStore scheduleStore, AuditTrail auditTrail,
                           BatchStore batchStore) {

    /** Product names, as JDBC reports them, to the databaseId their statements name. */
    private static final Map<String, String> DATABASE_IDS = Map.of("MySQL", "mysql", "MariaDB", "mysql", "H2", "h2");
    private static final List<String> MAPPER_XMLS = List.of(
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskWorkerMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskLockMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskTypeMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskEventMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskScheduleMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskAuditMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskBatchMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskStartMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskDependencyMapper.xml");

    /** Stores that record every task event. */
    public static MyBatisStores create(DataSource dataSource) {
        return create(dataSource, TaskEventMode.FULL);
    }

    public static MyBatisStores create(DataSource dataSource, TaskEventMode eventMode) {
        return create(dataSource, operation -> { }, eventMode);
    }

    public static MyBatisStores create(DataSource dataSource, Consumer<String> onLockRetry) {
        return create(dataSource, onLockRetry, TaskEventMode.FULL);
    }

    /**
     * @param onLockRetry told the operation's name each time a deadlock or lock wait timeout is retried
     * @param eventMode   which state changes are recorded as task events
     */
    public static MyBatisStores create(DataSource dataSource, Consumer<String> onLockRetry, TaskEventMode eventMode) {
        DeferredMappers mappers = new DeferredMappers(dataSource, MyBatisStores::databaseId);
        mappers.buildIfReachable();
        SystemAsyncTaskMapper mapper = mappers.mapper(SystemAsyncTaskMapper.class);
        DataSourceTransactionManager transactions = new DataSourceTransactionManager(dataSource);

        // Submits join the caller's transaction, if any, at the caller's isolation.
        TransactionTemplate joinCaller = new TransactionTemplate(transactions);
        // Claim and recovery: short, and READ COMMITTED so that no gap lock blocks a submit.
        TransactionTemplate readCommitted = new TransactionTemplate(transactions);
        readCommitted.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
        // Renewal, completion and retention: single statements, no transaction, READ COMMITTED too.
        ReadCommittedStatements readCommittedStatements = new ReadCommittedStatements(dataSource, transactions, mapper);

        TransientLockRetry retry = new TransientLockRetry(5, 20, onLockRetry);
        Supplier<StoreLimits> limits = () -> limits(mappers.knownDatabaseId());
        TaskEventLog events = new TaskEventLog(mappers.mapper(SystemAsyncTaskEventMapper.class), eventMode, limits);
        SystemAsyncTaskDependencyMapper dependencyMapper = mappers.mapper(SystemAsyncTaskDependencyMapper.class);
        TaskInserts inserts = new TaskInserts(mapper, joinCaller, new DependencySubmit(dependencyMapper));
        SystemAsyncTaskBatchMapper batchMapper = mappers.mapper(SystemAsyncTaskBatchMapper.class);
        BatchFinisher finisher = new BatchFinisher(batchMapper, inserts);
        TaskEnds ends = new TaskEnds(new DependentRelease(dependencyMapper, events), finisher);
        SystemAsyncTaskLockMapper locks = mappers.mapper(SystemAsyncTaskLockMapper.class);
        SystemAsyncTaskStartMapper starts = mappers.mapper(SystemAsyncTaskStartMapper.class);
        MyBatisTaskStore taskStore = new MyBatisTaskStore(mapper, joinCaller, events, inserts, ends, dependencyMapper);
        return new MyBatisStores(taskStore,
                new MyBatisLeaseStore(mapper, starts, readCommitted,
                        readCommittedStatements, retry, limits, events, ends, inserts,
                        new StalledClaimHolders(locks, readCommitted)),
                new MyBatisTaskAdminStore(mapper, readCommitted, readCommittedStatements, events, ends, dependencyMapper,
                        starts),
                new MyBatisWorkerRegistry(mappers.mapper(SystemAsyncTaskWorkerMapper.class), readCommittedStatements),
                new MyBatisFleetLocks(locks),
                new MyBatisFleetSettings(mappers.mapper(SystemAsyncTaskTypeMapper.class)),
                new SchemaCheck(mappers),
                new MyBatisScheduleStore(mappers.mapper(SystemAsyncTaskScheduleMapper.class), taskStore, readCommitted,
                        retry, events),
                new MyBatisAuditTrail(mappers.mapper(SystemAsyncTaskAuditMapper.class), readCommittedStatements),
                new MyBatisBatchStore(batchMapper, inserts, finisher, ends, joinCaller, readCommitted, retry, events));
    }

    /**
     * H2 counts a VARCHAR's characters in UTF-16 units; MySQL and MariaDB in code points. Until the database
     * has answered ({@code databaseId} null), text is measured in UTF-16 units, which fits either.
     */
    static StoreLimits limits(String databaseId) {
        return databaseId == null || "h2".equals(databaseId)
                ? StoreLimits.SCHEMA.measuredIn(StoreLimits.TextMeasure.UTF16_UNITS)
                : StoreLimits.SCHEMA;
    }

    /** The stores' own MyBatis configuration for the database behind this DataSource, which must answer. */
    static Configuration configuration(DataSource dataSource) {
        return configuration(dataSource, databaseId(dataSource));
    }

    /** The stores' own MyBatis configuration: their mapper XML files on Spring-managed transactions. */
    static Configuration configuration(DataSource dataSource, String databaseId) {
        Configuration configuration = new Configuration(
                new Environment("tudicloud-async-task", new SpringManagedTransactionFactory(), dataSource));
        configuration.setMapUnderscoreToCamelCase(true);
        configuration.setArgNameBasedConstructorAutoMapping(true);
        configuration.setDatabaseId(databaseId);
        configuration.getTypeAliasRegistry().registerAlias(ShapeCachedLanguageDriver.ALIAS, ShapeCachedLanguageDriver.class);
        configuration.addInterceptor(new ClaimRows());
        for (String mapperXml : MAPPER_XMLS) {
            try (InputStream xml = MyBatisStores.class.getClassLoader().getResourceAsStream(mapperXml)) {
                if (xml == null) {
                    throw new IllegalStateException("missing mapper resource " + mapperXml);
                }
                new XMLMapperBuilder(xml, configuration, mapperXml, configuration.getSqlFragments()).parse();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return configuration;
    }

    /**
     * The databaseId that dialect-specific statements in the mapper may name (null for a database that
     * is neither MySQL, MariaDB nor H2: the portable statements serve it). Throws while the database
     * cannot be reached. Asks on the connection of the caller's transaction when there is one: a second
     * connection could wait forever on a pool that the transaction already drained.
     */
    static String databaseId(DataSource dataSource) {
        Connection connection = DataSourceUtils.getConnection(dataSource);
        try {
            String product = connection.getMetaData().getDatabaseProductName();
            return DATABASE_IDS.entrySet().stream().filter(vendor -> product.contains(vendor.getKey()))
                    .map(Map.Entry::getValue).findFirst().orElse(null);
        } catch (SQLException e) {
            throw new DataAccessResourceFailureException("Could not read the database's product name", e);
        } finally {
            DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }
}
