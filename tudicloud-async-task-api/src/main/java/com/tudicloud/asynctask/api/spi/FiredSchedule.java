package com.tudicloud.asynctask.api.spi;

import java.util.List;

/** What a scheduler round did with one due schedule: its plan, and the ids of the tasks it submitted in order. */
public record FiredSchedule(String name, FirePlan plan, List<Long> taskIds) {
}
