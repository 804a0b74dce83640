package com.tudicloud.asynctask.console.api.json;

import com.tudicloud.asynctask.console.api.error.UnicodeText;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.deser.std.StdScalarDeserializer;

/** Reads a JSON string as Jackson does, then refuses it if it holds a lone surrogate (see {@link UnicodeText}). */
final class UnicodeStringDeserializer extends StdScalarDeserializer<String> {

    UnicodeStringDeserializer() {
        super(String.class);
    }

    @Override
    public String deserialize(JsonParser parser, DeserializationContext context) {
        String text = StringDeserializer.instance.deserialize(parser, context);
        int at = text == null ? -1 : UnicodeText.loneSurrogateAt(text);
        if (at >= 0) {
            return context.reportInputMismatch(this, "not valid Unicode: a lone surrogate \\u%04x at index %d",
                    (int) text.charAt(at), at);
        }
        return text;
    }
}
