package com.tudicloud.asynctask.console.api.json;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.util.List;

/** What POST /api/batches accepts: children as POST /api/tasks takes a task, and up to three callbacks. */
@Schema(name = "SubmitBatch", description = "A batch to submit: its children and the callback task of each end",
        example = """
                {"children": [{"taskType": "demo.export", "payload": {"rows": 500}},
                              {"taskType": "demo.export", "payload": {"rows": 800}}],
                 "onSuccess": {"taskType": "demo.sleep", "payload": {"ms": 100}},
                 "onComplete": {"taskType": "demo.sleep", "payload": {"ms": 10}},
                 "ownerId": "alice"}""")
public record BatchBody(
        @Schema(description = "1 to " + MAX_CHILDREN + " tasks, none with a dedupKey", requiredMode = Schema.RequiredMode.REQUIRED,
                example = "[{\"taskType\": \"demo.export\", \"payload\": {\"rows\": 500}}]")
        @NotEmpty @Size(max = MAX_CHILDREN) List<@NotNull @Valid SubmitTaskBody> children,
        @Schema(description = "inserted once every child succeeded") @Valid SubmitTaskBody onSuccess,
        @Schema(description = "inserted once no child can run and one failed or was cancelled") @Valid SubmitTaskBody onFailure,
        @Schema(description = "inserted once no child can run, however the batch ended (a cancelled batch: this one only)")
        @Valid SubmitTaskBody onComplete,
        @Schema(example = "alice") @Size(max = 128)
        @Pattern(regexp = SubmitTaskBody.NOT_BLANK, message = "{jakarta.validation.constraints.NotBlank.message}") String ownerId) {

    /** Children one request takes; a larger batch grows from inside its running children. */
    public static final int MAX_CHILDREN = 1000;
}
