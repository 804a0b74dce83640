package com.tudicloud.asynctask.api.spi;

import java.time.Duration;

/**
 * The largest values a store keeps of what handlers control: their artifact ids, failure reasons and
 * progress messages, and the delays they ask for. The engine fits every such value to these before it
 * hands it to the store (text cut, delays clamped), so that one bad value can never make a write fail.
 *
 * @param artifactIdLength      characters of {@link Completion#artifactId()}
 * @param errorLength           characters of {@link Completion#error()}
 * @param progressMessageLength characters of {@link LeaseRenewal#progressMessage()}
 * @param maxDelay              the longest delay the store adds to the database's clock
 * @param measure               how the database counts the characters of a column
 */
public record StoreLimits(int artifactIdLength, int errorLength, int progressMessageLength, Duration maxDelay,
                          TextMeasure measure) {

    /**
     * The columns of the shipped schema: {@code artifact_id VARCHAR(255)}, {@code last_error VARCHAR(2000)},
     * {@code progress_message VARCHAR(500)}, in utf8mb4 on MySQL and MariaDB. Delays up to 200 years:
     * MySQL's DATETIME ends with the year 9999, and H2 adds a delay in nanoseconds, a long of them is 292 years.
     */
    public static final StoreLimits SCHEMA = new StoreLimits(255, 2000, 500, Duration.ofDays(200L * 365),
            TextMeasure.CODE_POINTS);

    private static final int REPLACEMENT_CHARACTER = 0xFFFD;

    /** How a database counts the characters of a VARCHAR(n). */
    public enum TextMeasure {
        /** Unicode code points, as utf8mb4 columns of MySQL and MariaDB do. */
        CODE_POINTS,
        /** UTF-16 units, as H2 does: a character outside the Basic Multilingual Plane counts twice. */
        UTF16_UNITS
    }

    public StoreLimits measuredIn(TextMeasure textMeasure) {
        return new StoreLimits(artifactIdLength, errorLength, progressMessageLength, maxDelay, textMeasure);
    }

    /**
     * The text as the store can keep it: every lone surrogate (half of a UTF-16 pair, which no UTF-8
     * column can hold) replaced by U+FFFD, then cut to {@code maxLength} characters, never inside a pair.
     *
     * @return {@code text} itself when it fits as it is; {@code null} for {@code null}
     */
    public String fit(String text, int maxLength) {
        if (text == null || fits(text, maxLength)) {
            return text;
        }
        StringBuilder kept = new StringBuilder(Math.min(text.length(), 2 * maxLength));
        int characters = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            i += Character.charCount(codePoint);
            if (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE) {
                codePoint = REPLACEMENT_CHARACTER;
            }
            int size = measure == TextMeasure.CODE_POINTS ? 1 : Character.charCount(codePoint);
            if (characters + size > maxLength) {
                break;
            }
            kept.appendCodePoint(codePoint);
            characters += size;
        }
        return kept.toString();
    }

    /** The delay in milliseconds, clamped to what the store adds to its clock; null and negative count as none. */
    public long delayMillis(Duration delay) {
        if (delay == null || delay.isNegative()) {
            return 0;
        }
        return delay.compareTo(maxDelay) > 0 ? maxDelay.toMillis() : delay.toMillis();
    }

    /** The delay clamped the same way, from milliseconds. */
    public long delayMillis(long millis) {
        return Math.max(0, Math.min(millis, maxDelay.toMillis()));
    }

    private boolean fits(String text, int maxLength) {
        if (hasLoneSurrogates(text)) {
            return false;
        }
        int length = measure == TextMeasure.CODE_POINTS ? text.codePointCount(0, text.length()) : text.length();
        return length <= maxLength;
    }

    /** A surrogate pair reads as one code point above the BMP; an unpaired surrogate reads as itself. */
    private static boolean hasLoneSurrogates(String text) {
        return text.codePoints().anyMatch(c -> c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE);
    }
}
