package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * {@code demo.import}: reads rows, then records the import in {@link DemoImportLedger}, so that a
 * task run again (after a crash or a lost lease) never imports twice.
 */
public class ImportTaskHandler implements TaskHandler<ImportPayload> {

    public static final String TYPE = "demo.import";

    private static final Logger log = LoggerFactory.getLogger(ImportTaskHandler.class);

    static final int ROWS_PER_STEP = 10;

    private final DemoImportLedger ledger;
    private final Duration stepPause;

    /** @param stepPause how long reading one batch of rows takes, standing in for real work */
    public ImportTaskHandler(DemoImportLedger ledger, Duration stepPause) {
        this.ledger = ledger;
        this.stepPause = stepPause;
    }

    @Override
    public String taskType() {
        return TYPE;
    }

    @Override
    public Class<ImportPayload> payloadType() {
        return ImportPayload.class;
    }

    @Override
    public TaskResult execute(TaskContext context, ImportPayload payload) throws InterruptedException {
        // reading has no side effect, so reading again on a re-run is harmless; only the write must be once
        readRows(context, payload.rows());
        boolean recorded = ledger.recordOnce(DemoImportRecord.toWrite(context.taskId(), context.idempotencyKey(),
                context.ownerId(), payload.rows(), context.attempt()));
        if (!recorded) {
            log.info("Task {} (attempt {}) was imported by an earlier execution; nothing written again",
                    context.taskId(), context.attempt());
        }
        return TaskResult.success(artifactId(context.taskId()));
    }

    private void readRows(TaskContext context, int rows) throws InterruptedException {
        int read = 0;
        while (read < rows) {
            CancellableSleep.sleep(context, stepPause);
            read = Math.min(rows, read + ROWS_PER_STEP);
            context.reportProgress(Percent.of(read, rows), "read row " + read + " of " + rows);
        }
    }

    static String artifactId(long taskId) {
        return "demo_import_record:" + taskId;
    }
}
