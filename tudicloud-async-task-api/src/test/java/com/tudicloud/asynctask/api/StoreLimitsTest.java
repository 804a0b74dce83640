package com.tudicloud.asynctask.api;

import com.tudicloud.asynctask.api.spi.StoreLimits;
import com.tudicloud.asynctask.api.spi.StoreLimits.TextMeasure;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;

class StoreLimitsTest {

    private static final String GRIN = "\uD83D\uDE00";   // one character, two UTF-16 units
    private static final StoreLimits MYSQL = StoreLimits.SCHEMA;
    private static final StoreLimits H2 = StoreLimits.SCHEMA.measuredIn(TextMeasure.UTF16_UNITS);

    @Test
    void textThatFitsIsKeptAsItIs() {
        String text = "x".repeat(255);
        assertThat(MYSQL.fit(text, 255)).isSameAs(text);
        assertThat(MYSQL.fit(null, 255)).isNull();
        assertThat(MYSQL.fit("", 255)).isEmpty();
        String emoji = GRIN.repeat(255);
        assertThat(MYSQL.fit(emoji, 255)).isSameAs(emoji);
        assertThat(H2.fit(emoji, 510)).isSameAs(emoji);
    }

    @Test
    void textIsCutToTheColumnsCharactersAsTheDatabaseCountsThem() {
        assertThat(MYSQL.fit("y".repeat(3000), 2000)).hasSize(2000);
        assertThat(MYSQL.fit(GRIN.repeat(300), 255)).isEqualTo(GRIN.repeat(255));
        assertThat(H2.fit(GRIN.repeat(300), 255)).isEqualTo(GRIN.repeat(127));
    }

    @Test
    void aCutNeverSplitsASurrogatePair() {
        String text = "a" + GRIN.repeat(10);
        String cut = H2.fit(text, 4);
        assertThat(cut).isEqualTo("a" + GRIN);
        assertThat(cut.codePoints()).noneMatch(c -> c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE);
    }

    @Test
    void loneSurrogatesBecomeTheReplacementCharacter() {
        assertThat(MYSQL.fit("a\uD83Db\uDE00c", 255)).isEqualTo("a\uFFFDb\uFFFDc");
        assertThat(MYSQL.fit(GRIN.substring(0, 1), 255)).isEqualTo("\uFFFD");
        assertThat(MYSQL.fit(GRIN.substring(1), 255)).isEqualTo("\uFFFD");
    }

    @Test
    void delaysAreClampedToWhatTheStoreAddsToItsClock() {
        assertThat(MYSQL.delayMillis(Duration.ofSeconds(5))).isEqualTo(5_000);
        assertThat(MYSQL.delayMillis(ChronoUnit.FOREVER.getDuration())).isEqualTo(MYSQL.maxDelay().toMillis());
        assertThat(MYSQL.delayMillis(Duration.ofDays(-1))).isZero();
        assertThat(MYSQL.delayMillis((Duration) null)).isZero();
        assertThat(MYSQL.delayMillis(Long.MAX_VALUE)).isEqualTo(MYSQL.maxDelay().toMillis());
        assertThat(MYSQL.delayMillis(Long.MIN_VALUE)).isZero();
        assertThat(MYSQL.maxDelay()).isLessThan(Duration.ofDays(292 * 365));
    }
}
