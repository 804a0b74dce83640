package com.tudicloud.asynctask.client;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/** The default codec, on the application's Jackson {@link JsonMapper}. */
public class JacksonPayloadCodec implements PayloadCodec {

    private final JsonMapper mapper;

    public JacksonPayloadCodec(JsonMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public String write(Object payload) {
        if (payload == null) {
            return null;
        }
        try {
            return mapper.writeValueAsString(payload);
        } catch (JacksonException e) {
            throw new MalformedPayloadException("payload of type " + payload.getClass().getName()
                    + " cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }

    @Override
    public <P> P read(String json, Class<P> type) {
        if (json == null) {
            return null;
        }
        try {
            return mapper.readValue(json, type);
        } catch (JacksonException e) {
            throw new MalformedPayloadException("payload does not fit " + type.getSimpleName() + ": "
                    + e.getOriginalMessage(), e);
        }
    }
}
