package com.tudicloud.asynctask.admin.security;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class AdminCommandsTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Clock clock = Clock.fixed(Instant.parse("2026-12-01T10:15:30.123Z"), ZoneOffset.UTC);

    private int run(String input, String... args) {
        return new AdminCommands(null, new BufferedReader(new StringReader(input)), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), clock).run(args);
    }

    @Test
    void hashPasswordPrintsAStrongHashOfTheLineRead() {
        assertThat(run("correct horse battery\n", "hash-password")).isZero();

        String hash = out.toString(StandardCharsets.UTF_8).trim();
        assertThat(AdminUsers.isStrongHash(hash)).isTrue();
        assertThat(hash).startsWith("{bcrypt}$2a$10$").doesNotContain("horse");
        assertThat(AdminUsers.strongEncoder().matches("correct horse battery", hash)).isTrue();
    }

    @Test
    void hashPasswordRefusesAShortOrMissingPassword() {
        assertThat(run("1234567\n", "hash-password")).isEqualTo(2);
        assertThat(run("", "hash-password")).isEqualTo(2);
        assertThat(out.size()).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("at least 8 characters");
    }

    @Test
    void createTokenPrintsTheTokenOnceAndTheConfigurationThatAcceptsIt() {
        assertThat(run("", "create-token", "--name", "ci", "--role", "operator", "--days", "90")).isZero();

        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        String token = lines.get(1);
        assertThat(token).startsWith("atk_");
        assertThat(lines).contains("      - name: ci", "        hash: " + ApiTokens.digest(token), "        role: OPERATOR",
                "        expires-at: 2027-03-01T10:15:30Z");
    }

    @Test
    void createTokenRefusesMissingOrOutOfRangeOptions() {
        assertThat(run("", "create-token", "--name", "ci", "--role", "OPERATOR", "--days", "0")).isEqualTo(2);
        assertThat(run("", "create-token", "--name", "ci", "--role", "OPERATOR", "--days", "3651")).isEqualTo(2);
        assertThat(run("", "create-token", "--name", "ci", "--role", "ADMIN", "--days", "1")).isEqualTo(2);
        assertThat(run("", "create-token", "--role", "VIEWER", "--days", "1")).isEqualTo(2);
        assertThat(run("", "create-token", "--name")).isEqualTo(2);
        assertThat(run("", "create-token", "--name", "ci", "--role", "VIEWER", "--days", "x")).isEqualTo(2);
        assertThat(out.size()).isZero();
        assertThat(run("", "create-token", "--name", "ci", "--role", "VIEWER", "--days", "3650")).isZero();
    }

    @Test
    void onlyItsOwnCommandsAreTakenFromTheApplicationsArguments() {
        assertThat(AdminCommands.names(new String[] {"hash-password"})).isTrue();
        assertThat(AdminCommands.names(new String[] {"create-token", "--name", "x"})).isTrue();
        assertThat(AdminCommands.names(new String[] {"--server.port=0"})).isFalse();
        assertThat(AdminCommands.names(new String[0])).isFalse();
    }
}
