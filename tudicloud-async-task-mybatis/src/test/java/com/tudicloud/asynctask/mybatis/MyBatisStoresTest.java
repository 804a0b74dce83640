package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import java.time.Duration;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Building the stores while the database is down, and what they do once it is back. */
class MyBatisStoresTest {

    private final TestDatabase db = TestDatabase.get();
    private final SwitchableDataSource dataSource = new SwitchableDataSource(db.dataSource());

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @Test
    void storesBuiltWhileTheDatabaseIsDownUseTheDialectsStatementsOnceItIsBack() {
        dataSource.down = true;
        MyBatisStores stores = MyBatisStores.create(dataSource);   // must not need the database
        ClaimRequest claim = new ClaimRequest("w", Set.of("mail"), 4, Duration.ofMillis(60_000), ConcurrencyLimits.NONE);

        assertThatThrownBy(() -> stores.taskStore().findById(1)).isInstanceOf(DataAccessException.class);
        assertThatThrownBy(() -> stores.leaseStore().claim(claim)).isInstanceOf(RuntimeException.class);

        dataSource.down = false;
        stores.taskStore().insert(List.of(new NewTask("mail", "{}", 0, 0, 3, null, null)));
        assertThat(stores.leaseStore().claim(claim)).hasSize(1);

        // the claim's mark goes by the primary key through a MySQL/MariaDB index hint: the mysql statements serve
        assertThat(dataSource.prepared).anySatisfy(sql -> assertThat(sql).contains("FORCE INDEX (PRIMARY)"));
    }

    @Test
    void theDialectIsAskedOnceTheDatabaseAnswers() {
        dataSource.down = true;
        DeferredMappers mappers = new DeferredMappers(dataSource, MyBatisStores::databaseId);
        SystemAsyncTaskMapper mapper = mappers.mapper(SystemAsyncTaskMapper.class);

        assertThatThrownBy(() -> mapper.selectStatus(1)).isInstanceOf(DataAccessException.class);
        assertThat(mappers.knownDatabaseId()).isNull();

        dataSource.down = false;
        assertThat(mapper.selectStatus(1)).isNull();
        assertThat(mappers.knownDatabaseId()).isEqualTo("mysql");
    }

    /** A DataSource that refuses connections while {@code down}, and records the SQL it prepares. */
    private static final class SwitchableDataSource extends DelegatingDataSource {

        volatile boolean down;
        final List<String> prepared = new CopyOnWriteArrayList<>();

        SwitchableDataSource(javax.sql.DataSource target) {
            super(target);
        }

        @Override
        public Connection getConnection() throws SQLException {
            if (down) {
                throw new SQLTransientConnectionException("the database is down (test)");
            }
            Connection real = super.getConnection();
            return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{Connection.class},
                    (proxy, method, args) -> {
                        if (method.getName().equals("prepareStatement")) {
                            prepared.add((String) args[0]);
                        }
                        try {
                            return method.invoke(real, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }
    }
}
