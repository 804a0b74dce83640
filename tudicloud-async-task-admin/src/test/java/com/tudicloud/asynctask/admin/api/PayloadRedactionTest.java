package com.tudicloud.asynctask.admin.api;

import com.tudicloud.asynctask.admin.AdminProperties;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

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
    void aFieldThatIsNoJsonPointerStopsTheStartNamingIt() {
        assertThatThrownBy(() -> redaction("/ok", "card/number"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("async-task.admin.redact-payload-fields[1]: 'card/number' is not a JSON pointer");
        assertThatThrownBy(() -> redaction(""))
                .hasMessageContaining("redact-payload-fields[0]").hasMessageContaining("whole payload");
    }

    private static PayloadRedaction redaction(String... fields) {
        AdminProperties properties = new AdminProperties();
        properties.setRedactPayloadFields(List.of(fields));
        return new PayloadRedaction(properties);
    }
}
