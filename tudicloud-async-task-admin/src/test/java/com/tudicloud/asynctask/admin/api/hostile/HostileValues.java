package com.tudicloud.asynctask.admin.api.hostile;

import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

/** Pools of hostile values, drawn from with a seeded {@link Random}. */
final class HostileValues {

    /** Legal as text anywhere; harmful only if pasted into SQL, a LIKE pattern, a template or HTML. */
    static final List<String> INJECTIONS = List.of("' OR 1=1 --", "' OR '1'='1", "%", "_", "%%", "a%", "_a_", "\\",
            "\\%", "'; DROP TABLE system_async_task; --", "\" OR \"\"=\"", "1) OR (1=1", "admin'/*", "*/ OR 1=1 /*",
            "1; SELECT SLEEP(5)", "' UNION SELECT * FROM DATABASECHANGELOG --", "${jndi:ldap://127.0.0.1/x}", "#{1+1}",
            "{{7*7}}", "<script>alert(1)</script>", "../../etc/passwd", "id;DROP TABLE system_async_task");

    /** White space, control characters, bidi overrides, combining marks, astral chars and lone surrogates. */
    static final List<String> ODD_TEXT = List.of("", " ", "\t", "\n", "\r\n", "\u2003", "\u0000", "a\u0000b",
            "\u202Eevil\u202C", "e\u0301", "\uD83D\uDE00", "\uD835\uDD4F", "\u0627\u0644\u0639\u0631\u0628\u064A\u0629",
            "\uFEFF", "\uFFFF", "\uD800", "a\uDFFFb", "\uDBFF\uDFFF", "null", "NULL", "true", "-1", "[]", "{}",
            "\u01C5", "\u001B[31mred");

    static final List<String> NUMBERS = List.of("0", "-1", "1", "2147483647", "2147483648", "-2147483649",
            "9223372036854775807", "9223372036854775808", "-9223372036854775809", "99999999999999999999", "1e3",
            "1E400", "-1e-400", "2.5", "-0", "0.0", "1.0", "00", "01", "+1", "0x10", "NaN", "Infinity", "-Infinity",
            "1_000", ".5", "5.", "1e", "--1", "\u0661\u0662", " 1", "1 ");

    /** Other JSON values, for a field whose schema says something else. */
    static final List<String> JSON_OF_EVERY_TYPE = List.of("true", "false", "{}", "[]", "[1]", "{\"a\": 1}", "\"5\"",
            "\"x\"", "5", "1.5", "null");

    static final List<String> INSTANTS = List.of("2026-11-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z",
            "tomorrow", "0", "-1", "+999999999-12-31T23:59:59Z", "-999999999-01-01T00:00:00Z", "2026-11-29",
            "2026-11-29T00:00:00", "2026-11-29T00:00:00+25:00", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
            "+10000-01-01T00:00:00Z", "2026-11-29T00:00:00.1234567891Z", "2026-11-29T00:00:00Z\u0000");

    private static final Pattern JSON_NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    private static final Pattern JSON_INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");

    private HostileValues() {
    }

    static String text(Random random) {
        int pick = random.nextInt(10);
        if (pick < 4) {
            return oneOf(INJECTIONS, random);
        }
        if (pick < 9) {
            return oneOf(ODD_TEXT, random);
        }
        return "x".repeat(List.of(101, 129, 192, 1_000, 9_000).get(random.nextInt(5)));
    }

    static <T> T oneOf(List<T> values, Random random) {
        return values.get(random.nextInt(values.size()));
    }

    /** A JSON number, give or take the white space JSON allows around it. */
    static boolean isJsonNumber(String text) {
        return JSON_NUMBER.matcher(text.strip()).matches();
    }

    /**
     * An integer of the given form within the schema's minimum and maximum: anything else must be refused.
     * JSON allows white space around a number, so it is stripped first.
     */
    static boolean isIntegerWithin(String text, Pattern integer, tools.jackson.databind.JsonNode schema) {
        if (!integer.matcher(text.strip()).matches()) {
            return false;
        }
        BigDecimal value = new BigDecimal(text.strip());
        return (!schema.has("minimum") || value.compareTo(schema.get("minimum").decimalValue()) >= 0)
                && (!schema.has("maximum") || value.compareTo(schema.get("maximum").decimalValue()) <= 0);
    }

    static boolean isJsonIntegerWithin(String text, tools.jackson.databind.JsonNode schema) {
        return isIntegerWithin(text, JSON_INTEGER, schema);
    }

    static boolean hasLoneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && (i + 1 == text.length() || !Character.isLowSurrogate(text.charAt(i + 1)))) {
                return true;
            }
            if (Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)))) {
                return true;
            }
        }
        return false;
    }
}
