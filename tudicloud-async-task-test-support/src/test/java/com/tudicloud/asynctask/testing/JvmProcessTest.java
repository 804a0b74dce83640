package com.tudicloud.asynctask.testing;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Child JVMs of {@link EchoMain}, started, read, written to, ended, killed, frozen and thawed. */
class JvmProcessTest {

    /** Generous: a JVM's start on a busy machine, never a bound the test measures. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final List<JvmProcess> started = new ArrayList<>();

    @AfterEach
    void killLeftovers() throws InterruptedException {
        for (JvmProcess process : started) {
            process.kill();
        }
    }

    private JvmProcess echo(JvmProcess.Builder builder) throws InterruptedException {
        JvmProcess process = builder.start();
        started.add(process);
        return process;
    }

    private JvmProcess capturedEcho() throws InterruptedException {
        JvmProcess process = echo(JvmProcess.builder("echo", EchoMain.class).jvmOptions("-Xmx32m").captureOutput());
        process.awaitLine("READY", PATIENCE);
        return process;
    }

    @Test
    void theChildGetsItsArgumentsSystemPropertiesAndEnvironmentAndItsOutputIsReadLineByLine() throws Exception {
        JvmProcess process = echo(JvmProcess.builder("echo", EchoMain.class)
                .args("one", "two").systemProperty(EchoMain.PROPERTY, 42).env(EchoMain.ENV, "from the parent")
                .captureOutput());

        assertThat(process.awaitLine("ARGS", PATIENCE)).isEqualTo("ARGS one two");
        assertThat(process.awaitLine("PROPERTY", PATIENCE)).isEqualTo("PROPERTY 42");
        assertThat(process.awaitLine("ENV", PATIENCE)).isEqualTo("ENV from the parent");
        process.send("hello");
        assertThat(process.awaitLine("ECHO", PATIENCE)).isEqualTo("ECHO hello");
        assertThat(process.pid()).isPositive().isNotEqualTo(ProcessHandle.current().pid());
    }

    @Test
    void theExitStatusIsTheOneTheChildExitsWith() throws Exception {
        JvmProcess process = capturedEcho();

        process.send("exit 3");

        assertThat(process.waitFor(PATIENCE)).isTrue();
        assertThat(process.isAlive()).isFalse();
        assertThat(process.exitValue()).isEqualTo(3);
    }

    @Test
    void stopSendsSigtermSoThatShutdownHooksRun() throws Exception {
        JvmProcess process = capturedEcho();

        assertThat(process.stop(PATIENCE)).isTrue();

        assertThat(process.exitValue()).isEqualTo(128 + 15);
        assertThat(process.awaitLine("HOOK", PATIENCE)).isEqualTo("HOOK");
    }

    @Test
    void killSendsSigkillSoThatNoShutdownHookRuns() throws Exception {
        JvmProcess process = capturedEcho();

        process.kill();

        assertThat(process.isAlive()).isFalse();
        assertThat(process.exitValue()).isEqualTo(128 + 9);
        assertThatThrownBy(() -> process.awaitLine("HOOK", PATIENCE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("echo ended its output before a line starting with 'HOOK'");
    }

    @Test
    void aFrozenChildIsStoppedByTheSystemUntilItIsThawed() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "the process state is read from /proc");
        JvmProcess process = capturedEcho();

        process.freeze();
        await().atMost(PATIENCE).until(() -> state(process) == 'T');
        process.send("while frozen");
        process.thaw();

        await().atMost(PATIENCE).until(() -> state(process) != 'T');
        assertThat(process.awaitLine("ECHO", PATIENCE)).isEqualTo("ECHO while frozen");
    }

    @Test
    void aLoggedChildWritesStandardOutputAndErrorToItsFile(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("echo.log");
        JvmProcess process = echo(JvmProcess.builder("echo", EchoMain.class.getName()).args("logged").logTo(log));
        await().atMost(PATIENCE).until(() -> Files.readString(log).contains("READY"));

        assertThat(process.stop(PATIENCE)).isTrue();

        assertThat(Files.readString(log)).contains("ARGS logged", "ERR to standard error", "HOOK");
        assertThatThrownBy(() -> process.awaitLine("ARGS", PATIENCE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("echo: its standard output is not captured (Builder.captureOutput)");
    }

    @Test
    void aMissingLineFailsAfterTheTimeoutNamingTheChild() throws Exception {
        JvmProcess process = capturedEcho();

        assertThatThrownBy(() -> process.awaitLine("NEVER", Duration.ofMillis(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("echo: no line starting with 'NEVER' within PT0.001S");
    }

    @Test
    void aProcessNeedsANameAndAMainClass() {
        assertThatThrownBy(() -> JvmProcess.builder(" ", EchoMain.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a JVM process needs a name");
        assertThatThrownBy(() -> JvmProcess.builder("echo", ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("echo: no main class");
    }

    /** The state letter of /proc/PID/stat: {@code T} while stopped by a signal. */
    private static char state(JvmProcess process) throws IOException {
        String stat = Files.readString(Path.of("/proc", String.valueOf(process.pid()), "stat"));
        return stat.charAt(stat.lastIndexOf(')') + 2);
    }
}
