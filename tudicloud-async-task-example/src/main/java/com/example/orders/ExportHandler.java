package com.example.orders;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskResult;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

@Component
public class ExportHandler implements TaskHandler<ExportRequest> {

    private final Path exportDirectory;

    public ExportHandler(@Value("${orders.export-directory:exports}") Path exportDirectory) {
        this.exportDirectory = exportDirectory;
    }

    @Override
    public String taskType() {
        return "report.export";
    }

    @Override
    public Class<ExportRequest> payloadType() {
        return ExportRequest.class;
    }

    @Override
    public TaskResult execute(TaskContext context, ExportRequest request) throws Exception {
        // one file per order, written from the start on every attempt: running twice does no harm
        Path file = exportDirectory.resolve("order-" + request.orderId() + ".csv");
        Files.createDirectories(exportDirectory);
        Files.deleteIfExists(file);
        for (int page = 0; page < request.pages(); page++) {
            if (context.isCancellationRequested()) {
                throw new InterruptedException("cancelled");
            }
            writePage(file, request, page);
            context.reportProgress(100 * (page + 1) / request.pages(), "page " + (page + 1));
        }
        // the text of a success is stored as the task's artifact_id
        return TaskResult.success(file.toString());
    }

    // optional: this type's own attempts, backoff, time limit, priority, concurrency, exceptions not retried
    @Override
    public TaskPolicy policy() {
        return TaskPolicy.builder().maxAttempts(5).maxExecutionTime(Duration.ofMinutes(30))
                .nonRetryable(IllegalArgumentException.class).build();
    }

    private static void writePage(Path file, ExportRequest request, int page) throws IOException {
        Files.writeString(file, request.orderId() + "," + page + "\n",
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
