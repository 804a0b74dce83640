package com.tudicloud.asynctask.console.api.json;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.ext.javatime.deser.InstantDeserializer;

import java.time.Instant;

/** An instant only as the ISO-8601 string the API documents; Jackson would also take a number as epoch seconds. */
final class InstantStringDeserializer extends StdScalarDeserializer<Instant> {

    InstantStringDeserializer() {
        super(Instant.class);
    }

    @Override
    public Instant deserialize(JsonParser parser, DeserializationContext context) {
        if (!parser.hasToken(JsonToken.VALUE_STRING)) {
            return context.reportInputMismatch(this, "must be an ISO-8601 string such as 2026-11-29T08:00:00Z");
        }
        return InstantDeserializer.INSTANT.deserialize(parser, context);
    }
}
