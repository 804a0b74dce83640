package com.tudicloud.asynctask.client;

import com.tudicloud.asynctask.api.TaskRequest;

/** What a submitted request that names no priority, no max attempts or no key gets, by its task type. */
public interface TaskTypeDefaults {

    /** Without a policy for any type: priority 0 and {@link TaskRequest#DEFAULT_MAX_ATTEMPTS} attempts. */
    TaskTypeDefaults NONE = new TaskTypeDefaults() {
        @Override
        public int defaultPriority(String taskType) {
            return 0;
        }

        @Override
        public int maxAttempts(String taskType) {
            return TaskRequest.DEFAULT_MAX_ATTEMPTS;
        }
    };

    int defaultPriority(String taskType);

    /** The top-level payload field whose text is the key of a request that names none, or null. */
    default String keyField(String taskType) {
        return null;
    }

    int maxAttempts(String taskType);

    /** The priority asked for, or the type's default when none was. */
    default int priority(String taskType, Integer requested) {
        return requested != null ? requested : defaultPriority(taskType);
    }

    /** The attempts asked for, or the type's when none were. */
    default int maxAttempts(String taskType, Integer requested) {
        return requested != null ? requested : maxAttempts(taskType);
    }
}
