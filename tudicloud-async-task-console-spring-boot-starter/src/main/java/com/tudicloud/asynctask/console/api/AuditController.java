package com.tudicloud.asynctask.console.api;

import com.tudicloud.asynctask.console.api.error.ApiProblems;
import com.tudicloud.asynctask.console.api.error.UnicodeText;
import com.tudicloud.asynctask.api.spi.AuditEntry;
import com.tudicloud.asynctask.api.spi.AuditQuery;
import com.tudicloud.asynctask.api.spi.AuditTrail;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;

/** The audit trail, read only: the API has no way to change or delete a record (retention prunes by age). */
@RestController
@RequestMapping(path = "/api/audit", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Audit", description = "Who did what, from where, with what outcome: operators' actions and failed logins")
public class AuditController {

    @Schema(name = "AuditPage")
    public record AuditPageJson(List<AuditEntry> items,
                                @Schema(description = "the before value of the next, older page; null at the end")
                                Long nextBefore) {
    }

    private final AuditTrail audit;

    public AuditController(AuditTrail audit) {
        this.audit = audit;
    }

    @GetMapping
    @Operation(summary = "The audit trail", description = "Newest first, filtered by user, action and time; a page "
            + "ends with nextBefore, the before of the next page. Needs the OPERATOR role.")
    public AuditPageJson list(
            @Parameter(description = "only this user (token:<name> for an API token)", example = "alice")
            @RequestParam(required = false) @Size(max = AuditEntry.MAX_USERNAME_LENGTH) String user,
            @Parameter(description = "only this action, e.g. submit, bulk_retry, login_failed", example = "bulk_retry")
            @RequestParam(required = false) @Size(max = AuditEntry.MAX_ACTION_LENGTH) String action,
            @Parameter(description = "at or after (ISO-8601)", example = "2026-11-29T00:00:00Z")
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant from,
            @Parameter(description = "before (ISO-8601)", example = "2026-11-30T00:00:00Z")
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE_TIME) Instant to,
            @Parameter(description = "only records older than this id: the nextBefore of the previous page")
            @RequestParam(required = false) @Min(1) Long before,
            @Parameter(description = "records per page, 1 to " + AuditQuery.MAX_LIMIT, example = "50")
            @RequestParam(defaultValue = "50") @Min(1) @Max(AuditQuery.MAX_LIMIT) int limit) {
        for (var field : List.of(new String[] {"user", user}, new String[] {"action", action})) {
            if (field[1] != null && UnicodeText.loneSurrogateAt(field[1]) >= 0) {
                throw ApiProblems.badRequest(field[0], "problem.text.loneSurrogate");
            }
        }
        if (from != null && to != null && !from.isBefore(to)) {
            throw ApiProblems.badRequest("to", "problem.createdTo.notAfter");
        }
        List<AuditEntry> items = audit.search(new AuditQuery(blankToNull(user), blankToNull(action), from, to, before, limit));
        Long next = items.size() < limit ? null : items.get(items.size() - 1).id();
        return new AuditPageJson(items, next);
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
