package com.tudicloud.asynctask.console.api.json;

import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;
import org.springframework.http.MediaType;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;

/**
 * Reads and writes the console's own types with {@link ConsoleJson}, ahead of the application's converters, so that
 * the API's strict reading and its JSON do not depend on how the application set Jackson up, and the application's
 * own types never meet the console's settings. A type is the console's when it, or a type it is made of (a list's
 * elements), is a class of the console, or when a controller of the console reads it.
 */
final class ConsoleJsonConverter extends JacksonJsonHttpMessageConverter {

    private static final String CONSOLE_PACKAGE = "com.tudicloud.asynctask.console.";

    ConsoleJsonConverter(ConsoleJson json) {
        super(json.mapper());
    }

    @Override
    public boolean canRead(ResolvableType type, MediaType mediaType) {
        return (readByConsole(type) || isConsoles(type)) && super.canRead(type, mediaType);
    }

    @Override
    public boolean canWrite(ResolvableType type, Class<?> valueClass, MediaType mediaType) {
        return (isConsoles(type) || isConsoleClass(valueClass)) && super.canWrite(type, valueClass, mediaType);
    }

    private static boolean readByConsole(ResolvableType type) {
        return type.getSource() instanceof MethodParameter parameter && isConsoleClass(parameter.getContainingClass());
    }

    private static boolean isConsoles(ResolvableType type) {
        if (type == ResolvableType.NONE) {
            return false;
        }
        if (isConsoleClass(type.resolve())) {
            return true;
        }
        if (type.isArray()) {
            return isConsoles(type.getComponentType());
        }
        for (ResolvableType generic : type.getGenerics()) {
            if (isConsoles(generic)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isConsoleClass(Class<?> type) {
        return type != null && type.getName().startsWith(CONSOLE_PACKAGE);
    }
}
