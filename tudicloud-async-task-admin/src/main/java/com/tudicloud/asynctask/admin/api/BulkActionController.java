package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminProperties;
import com.tudicloud.asynctask.admin.api.OperatorActions.Action;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.BulkResult;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.Set;
import java.util.function.Function;

@RestController
@RequestMapping(path = "/api/tasks", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Tasks", description = "Browse, submit, cancel and retry tasks")
@ConditionalOnConsole
public class BulkActionController {

    @Schema(name = "BulkResult")
    public record BulkResultJson(
            boolean dryRun,
            @Schema(description = "dry run: the tasks that match now; null otherwise", example = "50000") Long matched,
            @Schema(description = "tasks moved to their new status: requeued by a retry, ended CANCELLED by a cancel",
                    example = "49998") long changed,
            @Schema(description = "running tasks a cancel asked to stop (CANCEL_REQUESTED); their workers end them",
                    example = "2") long cancelRequested,
            @Schema(description = "ranges of ids gone through, one short statement (per kind of change) each",
                    example = "26") long batches) {
    }

    private final TaskAdminStore adminStore;
    private final OperatorActions actions;
    private final int batchIds;

    public BulkActionController(TaskAdminStore adminStore, OperatorActions actions, AdminProperties properties) {
        this.adminStore = adminStore;
        this.actions = actions;
        this.batchIds = properties.getBulkBatchIds();
    }

    @PostMapping(path = "/bulk-retry", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Retry every FAILED or CANCELLED task that matches", description = "As a retry of each: back to "
            + "QUEUED, due now, with a fresh attempt budget. Only tasks that exist when the call begins; in ranges of "
            + "async-task.admin.bulk-batch-ids ids, one short statement each, so the claim is never held up for long. "
            + "A repeat changes nothing. With dryRun, only counts. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "400", description = "a filter is wrong: the problem names it")
    public BulkResultJson bulkRetry(@Valid @RequestBody BulkActionBody body) {
        return run(Action.BULK_RETRY, body, TaskAdminStore.RETRYABLE, filter -> adminStore.retryMatching(filter, batchIds, SecurityUser.name()));
    }

    @PostMapping(path = "/bulk-cancel", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Cancel every SCHEDULED, QUEUED or RUNNING task that matches", description = "As a cancel of "
            + "each: waiting tasks end CANCELLED, running ones become CANCEL_REQUESTED and their workers stop them. "
            + "Only tasks that exist when the call begins, in ranges as bulk-retry. A repeat changes nothing. With "
            + "dryRun, only counts. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "400", description = "a filter is wrong: the problem names it")
    public BulkResultJson bulkCancel(@Valid @RequestBody BulkActionBody body) {
        return run(Action.BULK_CANCEL, body, TaskAdminStore.CANCELLABLE, filter -> adminStore.cancelMatching(filter, batchIds, SecurityUser.name()));
    }

    private BulkResultJson run(Action action, BulkActionBody body, Set<TaskStatus> allowed,
                               Function<TaskFilter, BulkResult> change) {
        TaskFilter filter = body.filter(allowed);
        if (body.isDryRun()) {
            return new BulkResultJson(true, adminStore.countMatching(filter), 0, 0, 0);
        }
        BulkResult result = change.apply(filter);
        actions.record(action, describe(filter) + ": " + result.changed() + " changed"
                + (result.requested() > 0 ? ", " + result.requested() + " asked to stop" : "")
                + " in " + result.batches() + " batches");
        return new BulkResultJson(false, null, result.changed(), result.requested(), result.batches());
    }

    private static String describe(TaskFilter filter) {
        StringBuilder text = new StringBuilder("statuses ").append(filter.statuses());
        append(text, "type", filter.taskType());
        append(text, "owner", filter.ownerId());
        append(text, "created from", filter.createdFrom());
        append(text, "created before", filter.createdTo());
        return text.toString();
    }

    private static void append(StringBuilder text, String name, Object value) {
        if (value != null) {
            text.append(", ").append(name).append(' ').append(value instanceof String s ? LogText.quoted(s) : value);
        }
    }
}
