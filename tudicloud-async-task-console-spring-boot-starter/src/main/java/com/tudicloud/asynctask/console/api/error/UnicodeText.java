package com.tudicloud.asynctask.console.api.error;

import tools.jackson.databind.JsonNode;

import java.util.Map;

/**
 * Finds lone surrogates: half of a UTF-16 surrogate pair without its other half. JSON lets a client send
 * one as an escape ({@code "\ud800"}), but it is no character: UTF-8 cannot encode it, and the database
 * would store a '?' in its place.
 */
public final class UnicodeText {

    private UnicodeText() {
    }

    /** The index of the first lone surrogate in {@code text}, or -1 when the text is valid Unicode. */
    public static int loneSurrogateAt(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether any string or property name anywhere in {@code json} holds a lone surrogate. */
    public static boolean hasLoneSurrogate(JsonNode json) {
        if (json.isString()) {
            return loneSurrogateAt(json.asString()) >= 0;
        }
        if (json.isObject()) {
            for (Map.Entry<String, JsonNode> property : json.properties()) {
                if (loneSurrogateAt(property.getKey()) >= 0 || hasLoneSurrogate(property.getValue())) {
                    return true;
                }
            }
            return false;
        }
        return json.isArray() && json.values().stream().anyMatch(UnicodeText::hasLoneSurrogate);
    }
}
