package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskResult;

import java.time.Duration;

/** {@code demo.export}: "writes" rows page by page, reporting each page, and names the file it produced. */
public class ExportTaskHandler implements TaskHandler<ExportPayload> {

    public static final String TYPE = "demo.export";

    static final int ROWS_PER_STEP = 50;

    private final Duration stepPause;

    /** @param stepPause how long one page of rows takes, standing in for real work */
    public ExportTaskHandler(Duration stepPause) {
        this.stepPause = stepPause;
    }

    @Override
    public String taskType() {
        return TYPE;
    }

    @Override
    public Class<ExportPayload> payloadType() {
        return ExportPayload.class;
    }

    @Override
    public TaskResult execute(TaskContext context, ExportPayload payload) throws InterruptedException {
        int rows = payload.rows();
        int written = 0;
        while (written < rows) {
            CancellableSleep.sleep(context, stepPause);
            written = Math.min(rows, written + ROWS_PER_STEP);
            context.reportProgress(Percent.of(written, rows), "row " + written + " of " + rows);
        }
        return TaskResult.success(fileName(context.taskId()));
    }

    static String fileName(long taskId) {
        return "export-" + taskId + ".csv";
    }
}
