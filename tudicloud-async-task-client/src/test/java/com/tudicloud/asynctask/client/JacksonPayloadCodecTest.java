package com.tudicloud.asynctask.client;

import com.tudicloud.asynctask.api.spi.PayloadCodec.MalformedPayloadException;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A payload is stored only if its values survive the trip to JSON and back. */
class JacksonPayloadCodecTest {

    private final JacksonPayloadCodec codec = new JacksonPayloadCodec(JsonMapper.builder().build());

    record Export(long orderId, int pages, BigDecimal amount, Instant at, List<String> tags) {
    }

    /** Private fields, a constructor, no getters: Jackson writes {}. */
    static final class Hidden {
        private final long orderId;
        private final String format;

        Hidden(long orderId, String format) {
            this.orderId = orderId;
            this.format = format;
        }
    }

    interface Shape {
    }

    record Square(int side) implements Shape {
    }

    /** A property of an interface type without type information: Jackson writes it, but cannot build it. */
    record Drawing(Shape shape) {
    }

    /** A setter that drops what it is given. */
    public static final class Forgetful {
        private String note;

        static Forgetful noting(String note) {
            Forgetful forgetful = new Forgetful();
            forgetful.note = note;
            return forgetful;
        }

        public String getNote() {
            return note;
        }

        public void setNote(String ignored) {
        }
    }

    public static final class Empty {
    }

    @Test
    void valuesThatReadBackAsWrittenAreStored() {
        Export export = new Export(42, 3, new BigDecimal("10.50"), Instant.parse("2026-12-02T03:00:00.123Z"), List.of("a"));

        String json = codec.write(export);

        assertThat(codec.read(json, Export.class)).isEqualTo(export);
        assertThat(codec.write(Map.of("orderId", 42))).isEqualTo("{\"orderId\":42}");
        assertThat(codec.write(List.of(1, 2))).isEqualTo("[1,2]");
        assertThat(codec.write(Set.of("x"))).isEqualTo("[\"x\"]");
        assertThat(codec.write("text")).isEqualTo("\"text\"");
        assertThat(codec.write(7)).isEqualTo("7");
        assertThat(codec.write(new Empty())).isEqualTo("{}");
        assertThat(codec.write(JsonMapper.builder().build().createObjectNode())).isEqualTo("{}");
        assertThat(codec.write(Map.of())).isEqualTo("{}");
        assertThat(codec.write(null)).isNull();
    }

    @Test
    void aClassWhoseFieldsJacksonCannotSeeIsRefusedNamingThem() {
        assertThatThrownBy(() -> codec.write(new Hidden(42, "pdf")))
                .isInstanceOf(MalformedPayloadException.class)
                .hasMessageContaining(Hidden.class.getName())
                .hasMessageContaining("written as {}")
                .hasMessageContaining("[orderId, format]");
    }

    @Test
    void aClassJacksonCannotBuildAgainIsRefused() {
        assertThatThrownBy(() -> codec.write(new Drawing(new Square(3))))
                .isInstanceOf(MalformedPayloadException.class)
                .hasMessageContaining(Drawing.class.getName())
                .hasMessageContaining("cannot be read back");
    }

    @Test
    void aClassThatLosesAValueOnTheWayBackIsRefusedShowingBoth() {
        Forgetful forgetful = Forgetful.noting("kept");

        assertThatThrownBy(() -> codec.write(forgetful))
                .isInstanceOf(MalformedPayloadException.class)
                .hasMessageContaining(Forgetful.class.getName())
                .hasMessageContaining("{\"note\":\"kept\"} reads back as {\"note\":null}");
    }
}
