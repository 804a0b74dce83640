package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.console.ConsoleApiProperties;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PayloadRedactionTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void masksObjectFieldsAndArrayItemsThatExistAndNamesThem() {
        PayloadRedaction redaction = redaction("/card/number", "/tokens/1", "/missing", "/card/number/deeper", "/a~1b");
        JsonNode payload = json.readTree("""
                {"card": {"number": "4111 1111 1111 1111", "holder": "Ada"}, "tokens": ["t0", "t1"], "a/b": 5}""");

        PayloadRedaction.Shown shown = redaction.apply(payload);

        assertThat(shown.payload().toString()).isEqualTo("{\"card\":{\"number\":\"[redacted]\",\"holder\":\"Ada\"},"
                + "\"tokens\":[\"t0\",\"[redacted]\"],\"a/b\":\"[redacted]\"}");
        assertThat(shown.redactedFields()).containsExactly("/card/number", "/tokens/1", "/a~1b");
        assertThat(payload.at("/card/number").asString()).as("the payload read is left as it was")
                .isEqualTo("4111 1111 1111 1111");
    }

    @Test
    void aPayloadWithoutTheFieldsOrWithoutAnyIsShownAsItIs() {
        PayloadRedaction redaction = redaction("/secret", "/list/7");
        JsonNode scalar = json.readTree("\"just text\"");
        JsonNode list = json.readTree("{\"list\": [1, 2]}");

        assertThat(redaction.apply(scalar).payload()).isSameAs(scalar);
        assertThat(redaction.apply(list).redactedFields()).isEmpty();
        assertThat(redaction.apply(null).payload()).isNull();
    }

    @Test
    void aFieldThatIsNoJsonPointerNorNamePatternStopsTheStartNamingIt() {
        assertThatThrownBy(() -> redaction("/ok", "card/number"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("async-task.admin.redact-payload-fields[1]: 'card/number' is neither a JSON pointer");
        assertThatThrownBy(() -> redaction(""))
                .hasMessageContaining("redact-payload-fields[0]").hasMessageContaining("whole payload");
        for (String pattern : List.of("**/", "**/a/b", "**//x")) {
            assertThatThrownBy(() -> redaction(pattern)).hasMessageContaining("'" + pattern + "'");
        }
    }

    @Test
    void namePatternsMaskTheFieldAtAnyDepthIgnoringCase() {
        PayloadRedaction redaction = redaction("**/password", "**/*token*");
        JsonNode payload = json.readTree("""
                {"password": "p0", "db": {"Password": "p1", "user": "app", "passwords": "kept"},
                 "hops": [{"accessToken": "t1"}, {"x": {"REFRESH_TOKEN": {"deep": "t2"}}}], "a/b": {"token": 1}}""");

        PayloadRedaction.Shown shown = redaction.apply(payload);

        assertThat(shown.payload().toString()).doesNotContain("p0", "p1", "t1", "t2").contains("\"user\":\"app\"", "kept");
        assertThat(shown.redactedFields()).containsExactlyInAnyOrder("/password", "/db/Password", "/hops/0/accessToken",
                "/hops/1/x/REFRESH_TOKEN", "/a~1b/token");
    }

    @Test
    void aPayloadThatIsNotJsonIsMaskedWholeUnlessNothingIsToBeMasked() {
        PayloadRedaction.Shown shown = redaction("/x").show("password=hunter2; not json {");

        assertThat(shown.payload().asString()).isEqualTo(PayloadRedaction.MASK);
        assertThat(shown.redactedFields()).containsExactly("");
        assertThat(redaction().show("plain text").payload().asString()).isEqualTo("plain text");
        assertThat(redaction("/x").show(null).payload()).isNull();
    }

    @Test
    void theDefaultsMaskTheUsualSecretNames() {
        PayloadRedaction redaction = new PayloadRedaction(new ConsoleApiProperties(), new ConsoleJson());

        PayloadRedaction.Shown shown = redaction.show("""
                {"dbPassword": 1, "client_secret": 2, "apiKey": 3, "Authorization": 4, "credentials": 5, "rows": 500}""");

        assertThat(shown.redactedFields()).hasSize(5);
        assertThat(shown.payload().get("rows").asInt()).isEqualTo(500);
    }

    @Test
    void aPayloadWrittenBackWithItsMasksKeepsTheStoredValues() {
        PayloadRedaction redaction = redaction("**/password", "/card/number");
        String stored = """
                {"db": {"password": "s3cret", "host": "a"}, "card": {"number": "4111"}}""";
        JsonNode shown = redaction.show(stored).payload();
        ((ObjectNode) shown.get("db")).put("host", "b");

        String written = redaction.restore(shown, stored);

        assertThat(json.readTree(written)).isEqualTo(json.readTree("""
                {"db": {"password": "s3cret", "host": "b"}, "card": {"number": "4111"}}"""));
        // a new value replaces the secret; [redacted] where nothing was masked stays as written
        assertThat(redaction.restore(json.readTree("""
                {"db": {"password": "new"}, "note": "[redacted]"}"""), stored))
                .contains("\"new\"", "\"note\":\"[redacted]\"").doesNotContain("s3cret");
        // a stored payload that is no JSON, written back masked whole, stays as it was
        assertThat(redaction.restore(json.readTree("\"[redacted]\""), "not { json")).isEqualTo("not { json");
        assertThat(redaction.restore(null, stored)).isNull();
    }

    private PayloadRedaction redaction(String... fields) {
        ConsoleApiProperties properties = new ConsoleApiProperties();
        properties.setRedactPayloadFields(List.of(fields));
        return new PayloadRedaction(properties, new ConsoleJson());
    }
}
