package com.tudicloud.asynctask.api.spi;

/** Turns payloads into the JSON text stored with a task, and back into a handler's payload type. */
public interface PayloadCodec {

    /** @return JSON text, or {@code null} for a {@code null} payload */
    String write(Object payload);

    /** @throws MalformedPayloadException when the JSON does not fit {@code type} */
    <P> P read(String json, Class<P> type);

    /** A payload that cannot be written or read; a task with one fails at once, without retry. */
    class MalformedPayloadException extends IllegalArgumentException {
        public MalformedPayloadException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
