package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.audit.OperatorActions;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.BatchRequest;
import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.BatchStore;
import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.console.api.json.BatchBody;
import com.tudicloud.asynctask.console.api.json.BatchJson;
import com.tudicloud.asynctask.console.api.json.SubmitTaskBody;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

@RestController
@RequestMapping(path = "/api/batches", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Batches", description = "Submit, read and cancel batches: child tasks with a callback task per end")
public class BatchController {

    private final AsyncTaskClient client;
    private final BatchStore batches;
    private final SubmitChecks checks;
    private final OperatorActions actions;

    public BatchController(AsyncTaskClient client, BatchStore batches,
                           TaskTypeCatalog taskTypes, OperatorActions actions) {
        this.client = client;
        this.batches = batches;
        this.checks = new SubmitChecks(taskTypes);
        this.actions = actions;
    }

    @GetMapping
    @Operation(summary = "List batches", description = "Newest first, a page below beforeId; rows only (the counts "
            + "per status are read for one batch at a time).")
    public List<BatchJson> list(
            @Parameter(description = "only this state", example = "OPEN") @RequestParam(required = false) BatchState state,
            @Parameter(description = "only ids below this one (the last id of the previous page)", example = "120")
            @RequestParam(required = false) @Min(1) Long beforeId,
            @Parameter(description = "page size, 1 to 200", example = "20")
            @RequestParam(defaultValue = "20") @Min(1) @Max(200) int size) {
        return batches.list(state, beforeId, size).stream().map(BatchJson::row).toList();
    }

    @GetMapping("/{batchId}")
    @Operation(summary = "Get one batch", description = "Its state, its children per status and its progress, read "
            + "in one statement; the callback tasks once it ended.")
    @ApiResponse(responseCode = "404", description = "no such batch")
    public BatchJson get(@Parameter(description = "batch id", example = "17") @PathVariable("batchId") String text) {
        long id = TaskIds.parseBatchId(text);
        return BatchJson.withCounts(batches.find(id).orElseThrow(() -> ApiProblems.batchNotFound(id)));
    }

    @PostMapping
    @Operation(summary = "Submit a batch", description = "The children and the callbacks' definitions in one "
            + "transaction. Exactly one callback per end is inserted when no child can run any more: onSuccess when every "
            + "child succeeded, onFailure when one failed or was cancelled, onComplete in every case (a cancelled batch "
            + "inserts onComplete only). Needs the OPERATOR role.")
    @ApiResponse(responseCode = "201", description = "created")
    @ApiResponse(responseCode = "400", description = "invalid body (no children, more than " + BatchBody.MAX_CHILDREN
            + ", an unknown task type, a dedupKey): the problem names the field")
    @ApiResponse(responseCode = "413", description = "body larger than async-task.admin.max-body-bytes")
    public ResponseEntity<BatchJson> submit(@Valid @RequestBody BatchBody body) {
        List<TaskRequest> children = new ArrayList<>();
        for (int i = 0; i < body.children().size(); i++) {
            children.add(withoutDedup(body.children().get(i), "children[" + i + "]."));
        }
        // the request's own rules (an owner id of white space the body's pattern lets pass, say) name the field
        BatchRequest request = SubmitChecks.submitting(() -> BatchRequest.of(children).withOwnerId(body.ownerId()));
        request = withCallback(request, BatchCallback.SUCCESS, body.onSuccess(), "onSuccess.");
        request = withCallback(request, BatchCallback.FAILURE, body.onFailure(), "onFailure.");
        request = withCallback(request, BatchCallback.COMPLETE, body.onComplete(), "onComplete.");
        BatchRequest complete = request;
        SubmittedBatch submitted = SubmitChecks.submitting(() -> client.submitBatch(complete));
        actions.record(OperatorActions.Action.SUBMIT, "batch " + submitted.batchId() + " of "
                + children.size() + " children", null, (long) children.size(), "ok");
        BatchJson batch = BatchJson.withCounts(batches.find(submitted.batchId()).orElseThrow());
        var location = ServletUriComponentsBuilder.fromCurrentRequest().path("/{id}").buildAndExpand(batch.id()).toUri();
        return ResponseEntity.status(HttpStatus.CREATED).location(location).body(batch);
    }

    @PostMapping("/{batchId}/cancel")
    @Operation(summary = "Cancel a batch", description = "Its waiting children end CANCELLED at once, its running "
            + "ones become CANCEL_REQUESTED; the batch is CANCELLING until the last of them ends, then CANCELLED, "
            + "inserting its onComplete callback only. Needs the OPERATOR role.")
    @ApiResponse(responseCode = "404", description = "no such batch")
    @ApiResponse(responseCode = "409", description = "the batch is not OPEN")
    public BatchJson cancel(@Parameter(description = "batch id", example = "17") @PathVariable("batchId") String text,
                            Principal operator) {
        long id = TaskIds.parseBatchId(text);
        CancelOutcome outcome = batches.cancel(id, operator.getName());
        actions.record(OperatorActions.Action.CANCEL, "batch " + id, null, null, outcome.name().toLowerCase(Locale.ROOT));
        return switch (outcome) {
            case CANCELLED, CANCEL_REQUESTED -> BatchJson.withCounts(batches.find(id).orElseThrow());
            case NOT_FOUND -> throw ApiProblems.batchNotFound(id);
            case ALREADY_FINISHED -> throw ApiProblems.batchConflict(id,
                    batches.find(id).map(view -> view.state().name()).orElse("gone"));
        };
    }

    private BatchRequest withCallback(BatchRequest request, BatchCallback on, SubmitTaskBody body, String prefix) {
        return body == null ? request : request.withCallback(on, withoutDedup(body, prefix));
    }

    private TaskRequest withoutDedup(SubmitTaskBody body, String prefix) {
        if (body.dedupKey() != null) {
            throw ApiProblems.badRequest(prefix + "dedupKey", "problem.batch.dedupKey");
        }
        return checks.requestOf(body, prefix);
    }
}
