package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.spi.NewBatch;
import com.tudicloud.asynctask.api.spi.NewTask;

/** A batch row to insert, with its callbacks' definitions; MyBatis writes the generated id back into it. */
final class InsertableBatch {

    /** The columns of a callback that is not given: all NULL. */
    private static final NewTask NONE = new NewTask(null, null, 0, 0, 0, null, null);

    private final NewBatch batch;
    private Long id;

    InsertableBatch(NewBatch batch) {
        this.batch = batch;
    }

    public String getOwnerId() {
        return batch.ownerId();
    }

    public CallbackColumns getSuccess() {
        return columns(BatchCallback.SUCCESS);
    }

    public CallbackColumns getFailure() {
        return columns(BatchCallback.FAILURE);
    }

    public CallbackColumns getComplete() {
        return columns(BatchCallback.COMPLETE);
    }

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    private CallbackColumns columns(BatchCallback on) {
        NewTask callback = batch.callbacks().get(on);
        return callback == null ? new CallbackColumns(NONE, false) : new CallbackColumns(callback, true);
    }

    /** A callback's columns; NULL throughout when it is not given. A class: MyBatis reads a record's components only. */
    public static final class CallbackColumns {

        private final NewTask task;
        private final boolean given;

        CallbackColumns(NewTask task, boolean given) {
            this.task = task;
            this.given = given;
        }

        public String getTaskType() {
            return task.taskType();
        }

        public String getPayloadJson() {
            return task.payloadJson();
        }

        public Integer getPriority() {
            return given ? task.priority() : null;
        }

        public Integer getMaxAttempts() {
            return given ? task.maxAttempts() : null;
        }
    }
}
