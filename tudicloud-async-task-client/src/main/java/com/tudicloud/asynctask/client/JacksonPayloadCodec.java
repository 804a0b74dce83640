package com.tudicloud.asynctask.client;

import com.tudicloud.asynctask.api.spi.PayloadCodec;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The default codec, on the application's Jackson {@link JsonMapper}. A payload is written only if it reads
 * back as written: a class whose fields Jackson cannot see (private fields without getters) would be stored
 * as {@code {}}, and one it cannot build again (no setters, no creator) would reach its handler as nulls; both
 * are refused at submit, naming the class and the reason, instead of losing the values.
 */
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
        String json;
        try {
            json = mapper.writeValueAsString(payload);
        } catch (JacksonException e) {
            throw new MalformedPayloadException("payload of type " + payload.getClass().getName()
                    + " cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
        refuseLostValues(payload, json);
        return json;
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

    /** Both sides are read from JSON text, so that numbers and dates compare as the stored text has them. */
    private void refuseLostValues(Object payload, String json) {
        Class<?> type = payload.getClass();
        JsonNode written = mapper.readTree(json);
        Class<?> readBackType = readBackType(payload);
        if (written.isObject() && written.isEmpty() && readBackType == type) {
            List<String> fields = instanceFields(type);
            if (!fields.isEmpty()) {
                throw new MalformedPayloadException("payload of type " + type.getName() + " is written as {}: Jackson"
                        + " sees none of its fields " + fields + " (give them getters, make it a record, or annotate"
                        + " them with @JsonProperty)", null);
            }
            return;
        }
        JsonNode readBack;
        try {
            readBack = mapper.readTree(mapper.writeValueAsString(mapper.readValue(json, readBackType)));
        } catch (JacksonException e) {
            throw new MalformedPayloadException("payload of type " + type.getName() + " cannot be read back from "
                    + "its JSON, so no handler could read it either: " + e.getOriginalMessage(), e);
        }
        if (!readBack.equals(written)) {
            throw new MalformedPayloadException("payload of type " + type.getName() + " does not read back as written:"
                    + " " + abbreviate(written) + " reads back as " + abbreviate(readBack)
                    + " (a property without a setter or creator parameter is lost)", null);
        }
    }

    /** Collections and maps read back into their interface: Jackson cannot build {@code List.of(...)}'s class. */
    private static Class<?> readBackType(Object payload) {
        if (payload instanceof JsonNode) {
            return JsonNode.class;
        }
        if (payload instanceof Map) {
            return Map.class;
        }
        if (payload instanceof Collection) {
            return Collection.class;
        }
        return payload.getClass();
    }

    private static List<String> instanceFields(Class<?> type) {
        List<String> fields = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class && !c.getName().startsWith("java."); c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers) && !field.isSynthetic()) {
                    fields.add(field.getName());
                }
            }
        }
        return fields;
    }

    private static String abbreviate(JsonNode json) {
        String text = json.toString();
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
