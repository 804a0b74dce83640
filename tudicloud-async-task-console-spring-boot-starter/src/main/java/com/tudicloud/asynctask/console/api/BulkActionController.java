package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.audit.OperatorActions;
import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.console.api.error.LogText;
import com.tudicloud.asynctask.console.api.json.BulkActionBody;
import com.tudicloud.asynctask.console.ConsoleApiProperties;
import com.tudicloud.asynctask.console.audit.OperatorActions.Action;
import com.tudicloud.asynctask.console.audit.OperatorActions.Actor;
import com.tudicloud.asynctask.console.bulk.BulkJob;
import com.tudicloud.asynctask.console.bulk.BulkJobs;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Bulk retry and cancel. The body names its tasks (at least one filter, or all), and carries the count its dry
 * run showed: the action takes what the operator saw or nothing (409). It takes at most
 * {@code async-task.admin.bulk-max-tasks} tasks, and runs as a background job of this instance, whose progress
 * {@code GET /api/bulk-jobs/{id}} shows and which {@code POST /api/bulk-jobs/{id}/stop} stops between two ranges.
 */
@RestController
@Tag(name = "Tasks", description = "Browse, submit, cancel and retry tasks")
public class BulkActionController {

    @Schema(name = "BulkDryRun")
    public record DryRunJson(boolean dryRun,
                             @Schema(description = "the tasks that match now, counted up to maxTasks + 1", example = "50000")
                             long matched,
                             @Schema(description = "more than maxTasks match: the action would be refused") boolean tooMany,
                             @Schema(description = "async-task.admin.bulk-max-tasks", example = "100000") long maxTasks) {
    }

    @Schema(name = "BulkJob")
    public record JobJson(@Schema(example = "3") long id,
                          @Schema(example = "bulk_retry") String action,
                          @Schema(description = "RUNNING, SUCCEEDED, STOPPED (asked to stop) or FAILED") BulkJob.State state,
                          @Schema(description = "the filter, as the audit trail records it") String filter,
                          @Schema(example = "alice") String user,
                          @Schema(description = "the tasks that matched when it began") long matched,
                          @Schema(description = "tasks moved to their new status: requeued, or ended CANCELLED") long changed,
                          @Schema(description = "running tasks asked to stop (CANCEL_REQUESTED)") long cancelRequested,
                          @Schema(description = "ranges of ids done, one short statement each") long rangesDone,
                          long rangesTotal,
                          @Schema(description = "0 to 100: the share of the id ranges gone through") int percent,
                          Instant startedAt, Instant finishedAt,
                          @Schema(description = "for FAILED: what stopped it") String error) {

        static JobJson of(BulkJob job) {
            BulkJob.Progress p = job.progress();
            int percent = p.rangesTotal() == 0 ? 100 : (int) (100 * p.rangesDone() / p.rangesTotal());
            return new JobJson(job.id(), job.action(), p.state(), job.target(), job.user(), job.matched(), p.changed(),
                    p.cancelRequested(), p.rangesDone(), p.rangesTotal(), percent, job.startedAt(), p.finishedAt(),
                    p.error());
        }
    }

    private final TaskAdminStore adminStore;
    private final OperatorActions actions;
    private final BulkJobs jobs;
    private final int batchIds;
    private final long maxTasks;

    public BulkActionController(TaskAdminStore adminStore, OperatorActions actions, BulkJobs jobs,
                                ConsoleApiProperties properties) {
        this.adminStore = adminStore;
        this.actions = actions;
        this.jobs = jobs;
        this.batchIds = properties.getBulkBatchIds();
        this.maxTasks = properties.getBulkMaxTasks();
    }

    @PostMapping(path = "/api/tasks/bulk-retry", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Retry every FAILED or CANCELLED task that matches", description = "As a retry of each: back to "
            + "QUEUED, due now, with a fresh attempt budget. With dryRun, only counts; otherwise 202 and a background job "
            + "(Location: /api/bulk-jobs/{id}) that walks the tasks that exist now in ranges of "
            + "async-task.admin.bulk-batch-ids ids, one short statement each. A repeat changes nothing. Needs the "
            + "OPERATOR role.")
    @ApiResponse(responseCode = "202", description = "the job started")
    @ApiResponse(responseCode = "400", description = "a filter is wrong, none is given, expectedCount is missing, or "
            + "more than async-task.admin.bulk-max-tasks match")
    @ApiResponse(responseCode = "409", description = "the match is not expectedCount, or another bulk job runs")
    public ResponseEntity<?> bulkRetry(@Valid @RequestBody BulkActionBody body) {
        return run(Action.BULK_RETRY, body, TaskAdminStore.RETRYABLE, adminStore::retryRange);
    }

    @PostMapping(path = "/api/tasks/bulk-cancel", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Cancel every SCHEDULED, QUEUED or RUNNING task that matches", description = "As a cancel of "
            + "each: waiting tasks end CANCELLED, running ones become CANCEL_REQUESTED and their workers stop them. "
            + "Dry run, count, cap and background job as bulk-retry. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "202", description = "the job started")
    @ApiResponse(responseCode = "400", description = "as bulk-retry")
    @ApiResponse(responseCode = "409", description = "as bulk-retry")
    public ResponseEntity<?> bulkCancel(@Valid @RequestBody BulkActionBody body) {
        return run(Action.BULK_CANCEL, body, TaskAdminStore.CANCELLABLE, adminStore::cancelRange);
    }

    @GetMapping(path = "/api/bulk-jobs", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "This instance's latest bulk jobs", description = "Newest first, the latest " + BulkJobs.KEPT
            + " (kept in memory; their start and end are in the audit trail).")
    public List<JobJson> recentJobs() {
        return jobs.recent().stream().map(JobJson::of).toList();
    }

    @GetMapping(path = "/api/bulk-jobs/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "One bulk job's progress")
    @ApiResponse(responseCode = "404", description = "no such job on this instance")
    public JobJson job(@Parameter(description = "job id", example = "3") @PathVariable String id) {
        return JobJson.of(find(id));
    }

    @PostMapping(path = "/api/bulk-jobs/{id}/stop", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Stop a bulk job", description = "It stops after the range of ids it is in; what it changed "
            + "stays changed. Stopping a job that has ended changes nothing. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "404", description = "no such job on this instance")
    public JobJson stop(@Parameter(description = "job id", example = "3") @PathVariable String id) {
        BulkJob job = find(id);
        boolean wasRunning = job.stop();
        actions.record(Action.BULK_STOP, "bulk job " + job.id() + " (" + job.action() + ")", null, null,
                wasRunning ? "ok" : "ended_already");
        return JobJson.of(job);
    }

    private BulkJob find(String id) {
        long jobId = TaskIds.parse(id);
        return jobs.find(jobId).orElseThrow(() -> ApiProblems.bulkJobNotFound(jobId, BulkJobs.KEPT));
    }

    private ResponseEntity<?> run(Action action, BulkActionBody body, Set<TaskStatus> allowed, BulkJob.RangeAction ranges) {
        TaskFilter filter = body.filter(allowed);
        if (!body.namesItsTasks()) {
            throw ApiProblems.badRequest("all", "problem.bulk.noFilter");
        }
        long matched = adminStore.countMatching(filter, maxTasks + 1);
        if (body.isDryRun()) {
            return ResponseEntity.ok(new DryRunJson(true, matched, matched > maxTasks, maxTasks));
        }
        if (body.expectedCount() == null) {
            throw ApiProblems.badRequest("expectedCount", "problem.bulk.expectedCount");
        }
        if (matched > maxTasks) {
            throw ApiProblems.badRequest("body", "problem.bulk.tooMany", maxTasks);
        }
        String target = describe(filter);
        if (matched != body.expectedCount()) {
            actions.record(action, target, null, matched, "count_changed");
            throw ApiProblems.bulkConflict("problem.bulk.countChanged", matched, body.expectedCount());
        }
        Actor actor = Actor.current();
        BulkJob job;
        try {
            job = jobs.start(action.tag(), filter, target, actor.user(), actor.address(), matched,
                    adminStore.idSpan().orElse(null), batchIds, ranges, ended -> recordEnd(action, actor, ended));
        } catch (BulkJobs.StillRunning e) {
            throw ApiProblems.bulkConflict("problem.bulk.running", e.runningId());
        }
        actions.record(actor, action, target, null, matched, "started");
        var location = ServletUriComponentsBuilder.fromCurrentContextPath().path("/api/bulk-jobs/{id}")
                .buildAndExpand(job.id()).toUri();
        return ResponseEntity.status(HttpStatus.ACCEPTED).location(location).body(JobJson.of(job));
    }

    /** The job's end, for the record, as its operator's action. */
    private void recordEnd(Action action, Actor actor, BulkJob job) {
        BulkJob.Progress p = job.progress();
        actions.record(actor, action, job.target() + " (bulk job " + job.id() + ")", null,
                p.changed() + p.cancelRequested(), p.state().name().toLowerCase(Locale.ROOT));
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
