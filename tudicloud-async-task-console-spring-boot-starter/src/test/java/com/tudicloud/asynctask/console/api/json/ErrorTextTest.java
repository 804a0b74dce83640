package com.tudicloud.asynctask.console.api.json;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorTextTest {

    private static final String TRACE = "java.sql.SQLException: Access denied for user 'app'\n"
            + "\tat com.example.Repo.load(Repo.java:12)\n"
            + "Caused by: java.io.IOException: GET https://api.example.com/v1?token=abc123 failed\n";

    @Test
    void viewersSeeTheFirstLineOnlyAndOperatorsTheWholeText() {
        assertThat(ErrorText.shown(TRACE, false)).isEqualTo("java.sql.SQLException: Access denied for user 'app' [...]")
                .doesNotContain("abc123");
        assertThat(ErrorText.shown(TRACE, true)).isEqualTo(TRACE);
    }

    @Test
    void atTheExtremes() {
        assertThat(ErrorText.shown(null, false)).isNull();
        assertThat(ErrorText.shown("", false)).isEmpty();
        assertThat(ErrorText.shown("one line", false)).isEqualTo("one line");
        assertThat(ErrorText.shown("\nsecond line", false)).isEqualTo(" [...]");
        assertThat(ErrorText.shown("a\r\nb", false)).isEqualTo("a [...]");
        String longLine = "x".repeat(ErrorText.MAX_FIRST_LINE + 1);
        assertThat(ErrorText.shown(longLine, false)).hasSize(ErrorText.MAX_FIRST_LINE + " [...]".length());
        assertThat(ErrorText.shown("x".repeat(ErrorText.MAX_FIRST_LINE), false)).hasSize(ErrorText.MAX_FIRST_LINE);
    }
}
