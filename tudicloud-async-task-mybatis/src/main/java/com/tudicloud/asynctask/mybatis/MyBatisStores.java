package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.FleetLocks;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import org.apache.ibatis.builder.xml.XMLMapperBuilder;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.mapping.VendorDatabaseIdProvider;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.session.SqlSessionFactory;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.mybatis.spring.SqlSessionTemplate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.mybatis.spring.transaction.SpringManagedTransactionFactory;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * Builds the MyBatis stores on a DataSource. The stores get a MyBatis configuration of their own,
 * not a bean: a service's own MyBatis setup (its SqlSessionFactory, its settings) stays untouched,
 * while statements still join the service's Spring transactions on the same DataSource.
 */
public record MyBatisStores(TaskStore taskStore, LeaseStore leaseStore, TaskAdminStore adminStore,
                           WorkerRegistry workerRegistry, FleetLocks fleetLocks) {

    private static final Logger log = LoggerFactory.getLogger(MyBatisStores.class);
    private static final List<String> MAPPER_XMLS = List.of(
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskWorkerMapper.xml",
            "com/tudicloud/asynctask/mybatis/SystemAsyncTaskLockMapper.xml");

    public static MyBatisStores create(DataSource dataSource) {
        return create(dataSource, operation -> { });
    }

    /** @param onLockRetry told the operation's name each time a deadlock or lock wait timeout is retried */
    public static MyBatisStores create(DataSource dataSource, Consumer<String> onLockRetry) {
        SqlSessionFactory sessionFactory = sessionFactory(dataSource);
        SqlSessionTemplate session = new SqlSessionTemplate(sessionFactory);
        SystemAsyncTaskMapper mapper = session.getMapper(SystemAsyncTaskMapper.class);
        DataSourceTransactionManager transactions = new DataSourceTransactionManager(dataSource);

        // Submits join the caller's transaction, if any, at the caller's isolation.
        TransactionTemplate joinCaller = new TransactionTemplate(transactions);
        // Claim and recovery: short, and READ COMMITTED so that no gap lock blocks a submit.
        TransactionTemplate readCommitted = new TransactionTemplate(transactions);
        readCommitted.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
        // Renewal, completion and retention: single statements, no transaction, READ COMMITTED too.
        ReadCommittedStatements readCommittedStatements = new ReadCommittedStatements(dataSource, transactions, mapper);

        TransientLockRetry retry = new TransientLockRetry(5, 20, onLockRetry);
        return new MyBatisStores(new MyBatisTaskStore(mapper, joinCaller),
                new MyBatisLeaseStore(mapper, readCommitted, readCommittedStatements, retry,
                        sessionFactory.getConfiguration()::getDatabaseId),
                new MyBatisTaskAdminStore(mapper, readCommittedStatements),
                new MyBatisWorkerRegistry(session.getMapper(SystemAsyncTaskWorkerMapper.class)),
                new MyBatisFleetLocks(session.getMapper(SystemAsyncTaskLockMapper.class)));
    }

    private static SqlSessionFactory sessionFactory(DataSource dataSource) {
        return new SqlSessionFactoryBuilder().build(configuration(dataSource));
    }

    /** The stores' own MyBatis configuration: their mapper XML files on Spring-managed transactions. */
    static Configuration configuration(DataSource dataSource) {
        Configuration configuration = new Configuration(
                new Environment("tudicloud-async-task", new SpringManagedTransactionFactory(), dataSource));
        configuration.setMapUnderscoreToCamelCase(true);
        configuration.setArgNameBasedConstructorAutoMapping(true);
        configuration.setDatabaseId(databaseId(dataSource));
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
     * The databaseId that dialect-specific statements in the mapper may name. A database that cannot
     * be reached at start-up must not stop a worker from starting (it retries on its own), so the
     * statements without a databaseId serve until then.
     */
    private static String databaseId(DataSource dataSource) {
        try {
            return databaseIdProvider().getDatabaseId(dataSource);
        } catch (RuntimeException e) {
            log.warn("Could not ask the database for its product name; using the portable statements: {}",
                    e.getMessage());
            return null;
        }
    }

    private static VendorDatabaseIdProvider databaseIdProvider() {
        Properties vendors = new Properties();
        vendors.setProperty("MySQL", "mysql");
        vendors.setProperty("MariaDB", "mysql");
        vendors.setProperty("H2", "h2");
        VendorDatabaseIdProvider provider = new VendorDatabaseIdProvider();
        provider.setProperties(vendors);
        return provider;
    }
}
