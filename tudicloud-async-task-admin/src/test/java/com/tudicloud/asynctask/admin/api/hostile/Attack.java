package com.tudicloud.asynctask.admin.api.hostile;

import java.util.Random;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * One way of making a request to an operation hostile.
 *
 * @param targets how many parameters or fields of an operation the attack takes turns at (1 for an attack
 *                on the request as a whole; 0 where it does not apply)
 */
record Attack(String name, ToIntFunction<ApiOperation> targets, Maker maker) {

    /** A request for {@code operation} aimed at target number {@code turn} (modulo the number of targets). */
    interface Maker {
        HostileRequest.Builder make(ApiOperation operation, int turn, Random random);
    }

    static ToIntFunction<ApiOperation> whenever(Predicate<ApiOperation> applies) {
        return operation -> applies.test(operation) ? 1 : 0;
    }
}
