package com.tudicloud.asynctask.console.api.json;

import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.json.ProblemDetailJacksonMixin;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

import java.time.Instant;

/**
 * The console's JSON, the same whatever the application's own Jackson settings. What the API reads means exactly
 * what it says, or is refused: no unknown fields, no duplicate keys, no numbers for strings or strings for numbers,
 * no numbers or strings for booleans, no numbers for enums (the last would silently win), no fractions cut to whole
 * numbers, no strings that are not valid Unicode (the database would keep a '?'), no instants but ISO-8601
 * strings, and payload numbers kept as written instead of passing through a double. Problem details are written
 * flat (RFC 9457), their extra members beside the standard ones.
 */
public final class ConsoleJson {

    private final JsonMapper mapper = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                // a number is no string and a string no number: "ownerId": 5 and "priority": "5" are refused
                .withCoercionConfig(LogicalType.Textual, config -> config
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(LogicalType.Integer, config -> config
                        .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                // "dryRun": 5 or "dryRun": "yes" is no yes; a status is its name, never its position
                .withCoercionConfig(LogicalType.Boolean, config -> config
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.String, CoercionAction.Fail))
                .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .addModule(new SimpleModule("strict-scalars")
                        .addDeserializer(String.class, new UnicodeStringDeserializer())
                        .addDeserializer(Instant.class, new InstantStringDeserializer()))
                .addMixIn(ProblemDetail.class, ProblemDetailJacksonMixin.class)
                .build();

    public JsonMapper mapper() {
        return mapper;
    }
}
