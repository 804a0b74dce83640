package com.tudicloud.asynctask.api.spi;

import java.util.Set;

/**
 * Which task types are paused fleet-wide, asked by a claim inside its transaction, only once it has found
 * tasks to take, so that a claim that finds nothing (an idle worker's poll) pays nothing for pauses.
 */
@FunctionalInterface
public interface PauseCheck {

    /** For a claimer that does not look at pauses. */
    PauseCheck NONE = taskTypes -> Set.of();

    /** Those of {@code taskTypes} that are paused: the claim takes none of their tasks. */
    Set<String> pausedAmong(Set<String> taskTypes);
}
