package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.testing.DatabaseServer;
import com.tudicloud.asynctask.testing.JvmProcess;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A deployment's first start: several replicas (JVMs of their own) start at once on an empty database, each
 * applying the schema through Liquibase as a service does, their migrations let go together. All of them
 * start, every changeset is applied once, and the migrations overlapped: each node began its own before the
 * first one ended.
 */
class FleetFirstStartTest {

    private static final int NODES = 4;

    private final List<JvmProcess> nodes = new ArrayList<>();

    @AfterEach
    void stopNodes() throws InterruptedException {
        for (JvmProcess node : nodes) {
            node.kill();
        }
    }

    @Test
    void replicasStartingTogetherOnAnEmptyDatabaseAllStartAndApplyTheSchemaOnce() throws Exception {
        DatabaseServer server = TestDatabase.get().server();
        String database = server.recreateScratchDatabase("fleet_first_start");
        Path logs = Files.createTempDirectory("fleet-first-start");
        Path barrier = Files.createDirectory(logs.resolve("barrier"));
        for (int i = 0; i < NODES; i++) {
            nodes.add(start(server, database, barrier, i, logs.resolve("node" + i + ".log")));
        }

        List<Long> begun = new ArrayList<>();
        List<Long> ended = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            Path log = logs.resolve("node" + i + ".log");
            assertThat(nodes.get(i).waitFor(Duration.ofSeconds(180))).as("node %d ended; see %s", i, log).isTrue();
            String output = Files.readString(log);
            assertThat(output).as("node %d's log", i).contains(ServiceNode.READY);
            assertThat(nodes.get(i).exitValue()).as("node %d's exit status; see %s", i, log).isZero();
            begun.add(instant(output, ServiceNode.MIGRATION_BEGUN, log));
            ended.add(instant(output, ServiceNode.MIGRATION_ENDED, log));
        }
        // every node began its migration before the first one ended: they met at the lock, as replicas do
        System.out.printf("FIRST START nodes=%d last_migration_begun_ms=%d first_migration_ended_ms=%d%n", NODES,
                Collections.max(begun) - Collections.min(begun), Collections.min(ended) - Collections.min(begun));
        assertThat(Collections.max(begun)).as("the last migration's start, against the first one's end: "
                + "begun %s, ended %s", begun, ended).isLessThan(Collections.min(ended));
        try (var dataSource = server.dataSource(database, 1)) {
            JdbcTemplate jdbc = new JdbcTemplate((DataSource) dataSource);
            List<String> applied = jdbc.queryForList("SELECT id FROM DATABASECHANGELOG", String.class);
            assertThat(applied).isNotEmpty().doesNotHaveDuplicates();
            assertThat(jdbc.queryForList("SELECT name FROM system_async_task_lock ORDER BY name", String.class))
                    .containsExactly("claim", "retention");
        }
    }

    private static long instant(String output, String label, Path log) {
        Matcher line = Pattern.compile("^" + label + "(\\d+)$", Pattern.MULTILINE).matcher(output);
        assertThat(line.find()).as("%s in %s", label.trim(), log).isTrue();
        return Long.parseLong(line.group(1));
    }

    private static JvmProcess start(DatabaseServer server, String database, Path barrier, int node, Path log) {
        return JvmProcess.builder("node" + node, ServiceNode.class)
                .jvmOptions("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")
                .systemProperty("node.barrier", barrier)
                .systemProperty("node.count", NODES)
                .args("--spring.datasource.url=" + server.jdbcUrl(database),
                        "--spring.datasource.username=" + server.username(),
                        "--spring.datasource.password=" + server.password(),
                        "--spring.liquibase.change-log=classpath:db/async-task/changelog-master.xml",
                        "--async-task.worker.enabled=false")
                .logTo(log)
                .start();
    }
}
