package com.tudicloud.asynctask.admin.api.hostile;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Hostile text to bytes exactly as meant. Java's own encoders replace a lone surrogate with '?', so
 * text is encoded here as WTF-8: UTF-8, except that a lone surrogate becomes the three bytes UTF-8
 * would give it, which are invalid UTF-8 on the wire.
 */
final class Encodings {

    private Encodings() {
    }

    static byte[] wtf8(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            if (codePoint >= 0xD800 && codePoint <= 0xDFFF) {
                bytes.write(0xE0 | codePoint >> 12);
                bytes.write(0x80 | (codePoint >> 6 & 0x3F));
                bytes.write(0x80 | (codePoint & 0x3F));
            } else {
                bytes.writeBytes(new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8));
            }
            i += Character.charCount(codePoint);
        }
        return bytes.toByteArray();
    }

    /** Percent-encodes every byte of the WTF-8 form except RFC 3986's unreserved characters. */
    static String percent(String text) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : wtf8(text)) {
            char c = (char) (b & 0xFF);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "-._~".indexOf(c) >= 0)) {
                encoded.append(c);
            } else {
                encoded.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return encoded.toString();
    }

    /** A JSON string literal; with {@code escapeAll} every non-ASCII char is a backslash-u escape. */
    static String jsonString(String text, boolean escapeAll) {
        StringBuilder json = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                json.append('\\').append(c);
            } else if (c < 0x20 || (escapeAll && c > 0x7E)) {
                json.append(String.format("\\u%04x", (int) c));
            } else {
                json.append(c);
            }
        }
        return json.append('"').toString();
    }
}
