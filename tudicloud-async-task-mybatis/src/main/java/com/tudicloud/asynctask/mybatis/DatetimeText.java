package com.tudicloud.asynctask.mybatis;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * An instant as the text of a DATETIME(3) value, for the few statements that must send one (a schedule's
 * fire times, which the cron library works out from the database's now). Sent as text because
 * mysql-connector-j drops the milliseconds of a Timestamp parameter on MariaDB 10, whose version string it
 * takes for a server without fractional seconds; a guard comparing a fire time would then never match.
 * Written in the JVM's zone, the zone the driver reads DATETIME values in.
 */
final class DatetimeText {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private DatetimeText() {
    }

    static String of(Instant instant) {
        return instant == null ? null : FORMAT.format(instant.atZone(ZoneId.systemDefault()));
    }
}
