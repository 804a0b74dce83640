package com.tudicloud.asynctask.admin.demo;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class DemoModeTest {

    @ParameterizedTest(name = "enabled={0}, url={1}: {2}")
    @CsvSource(nullValues = "NULL", value = {
            "NULL, NULL, ON_EMBEDDED_DATABASE",
            "NULL, '', ON_EMBEDDED_DATABASE",
            "NULL, jdbc:h2:file:./data/async-task-demo;MODE=MySQL, ON_EMBEDDED_DATABASE",
            "NULL, jdbc:h2:mem:x, ON_EMBEDDED_DATABASE",
            "NULL, ' JDBC:H2:./x', ON_EMBEDDED_DATABASE",
            "NULL, jdbc:h2:tcp://db:9092/x, OFF_DATABASE_NOT_EMBEDDED",
            "NULL, JDBC:H2:SSL://db/x, OFF_DATABASE_NOT_EMBEDDED",
            "NULL, jdbc:mysql://db:3306/app, OFF_DATABASE_NOT_EMBEDDED",
            "NULL, jdbc:mariadb://db/app?x=jdbc:h2:mem:, OFF_DATABASE_NOT_EMBEDDED",
            "true, jdbc:mysql://db:3306/app, ON_BY_REQUEST",
            "TRUE, NULL, ON_BY_REQUEST",
            "false, NULL, OFF_BY_REQUEST",
            "false, jdbc:h2:mem:x, OFF_BY_REQUEST"})
    void theDemoRunsOnTheEmbeddedDatabaseOrWhenAskedFor(String enabled, String url, DemoMode expected) {
        MockEnvironment environment = new MockEnvironment();
        if (enabled != null) {
            environment.setProperty(DemoMode.PROPERTY, enabled);
        }
        if (url != null) {
            environment.setProperty("spring.datasource.url", url);
        }

        DemoMode mode = DemoMode.of(environment);

        assertThat(mode).isEqualTo(expected);
        assertThat(mode.runs()).isEqualTo(expected.name().startsWith("ON_"));
    }
}
