package com.tudicloud.asynctask.client;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PayloadKeysTest {

    @Test
    void theKeyIsTheTextOfTheTopLevelField() {
        assertThat(PayloadKeys.keyOf("export", "customer", "{\"customer\": \"acme\", \"rows\": 5}")).isEqualTo("acme");
        assertThat(PayloadKeys.keyOf("export", "customer", "{\"customer\": 42}")).isEqualTo("42");
    }

    @Test
    void noFieldNoPayloadOrNullMeansNoKey() {
        assertThat(PayloadKeys.keyOf("export", "customer", "{\"rows\": 5}")).isNull();
        assertThat(PayloadKeys.keyOf("export", "customer", "{\"customer\": null}")).isNull();
        assertThat(PayloadKeys.keyOf("export", "customer", null)).isNull();
        assertThat(PayloadKeys.keyOf("export", null, "{\"customer\": \"acme\"}")).isNull();
    }

    @Test
    void aFieldThatCannotBeAKeyIsRefusedNamingTheTypeAndTheField() {
        assertThatThrownBy(() -> PayloadKeys.keyOf("export", "customer", "{\"customer\": {\"id\": 1}}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key field 'customer' of task type 'export'").hasMessageContaining("object");
        assertThatThrownBy(() -> PayloadKeys.keyOf("export", "customer", "{\"customer\": \" acme\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("white space");
        assertThatThrownBy(() -> PayloadKeys.keyOf("export", "customer", "{\"customer\": \"" + "k".repeat(129) + "\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 128");
    }
}
