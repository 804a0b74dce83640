package com.tudicloud.asynctask.console.api;

import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

import java.beans.PropertyEditorSupport;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Whole-number request parameters in plain decimal only. Spring's own conversion also takes "0x10" (as
 * 16), "#10", " 1" and "+1", so that page=0x10 silently meant page 16. An editor, because a binder
 * consults its editors before the conversion service. For the console's controllers only.
 */
@ControllerAdvice(basePackageClasses = DecimalParameters.class)
class DecimalParameters {

    private static final Pattern DECIMAL = Pattern.compile("-?[0-9]+");

    @InitBinder
    void decimalOnly(WebDataBinder binder) {
        binder.registerCustomEditor(int.class, new DecimalEditor(Integer::valueOf));
        binder.registerCustomEditor(Integer.class, new DecimalEditor(Integer::valueOf));
        binder.registerCustomEditor(long.class, new DecimalEditor(Long::valueOf));
        binder.registerCustomEditor(Long.class, new DecimalEditor(Long::valueOf));
    }

    private static final class DecimalEditor extends PropertyEditorSupport {

        private final Function<String, Number> parse;

        DecimalEditor(Function<String, Number> parse) {
            this.parse = parse;
        }

        @Override
        public void setAsText(String text) {
            if (text == null || text.isEmpty()) {
                setValue(null);
            } else if (DECIMAL.matcher(text).matches()) {
                setValue(parse.apply(text));
            } else {
                throw new IllegalArgumentException("not a decimal whole number: " + text);
            }
        }
    }
}
