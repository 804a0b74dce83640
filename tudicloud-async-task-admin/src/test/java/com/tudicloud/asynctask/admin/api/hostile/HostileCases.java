package com.tudicloud.asynctask.admin.api.hostile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static com.tudicloud.asynctask.admin.api.hostile.HostileValues.oneOf;

/**
 * Generates hostile requests from the API's operations: each case takes the next operation in turn and
 * the next attack in that operation's schedule, in which an attack on parameters or fields appears once
 * per parameter or field, so that one round of the schedule reaches all of them. The values and the
 * caller (mostly one allowed to call, sometimes not) come from the seeded random. Remembers what it
 * attacked, so that a parameter or field no attack reached is noticed.
 */
final class HostileCases {

    private final List<ApiOperation> operations;
    private final List<Attack> attacks = new ArrayList<>();
    private final Map<String, Set<String>> attacked = new HashMap<>();
    private final Map<String, Integer> turns = new HashMap<>();

    HostileCases(List<ApiOperation> operations, Targets targets, StoredRows stored) {
        this.operations = operations;
        attacks.addAll(new ParameterAttacks(targets).attacks());
        attacks.addAll(new BodyAttacks(targets, stored).attacks());
        attacks.addAll(new ProtocolAttacks(targets, operations).attacks());
    }

    HostileRequest next(int index, Random random) {
        ApiOperation operation = operations.get(index % operations.size());
        List<Attack> schedule = schedule(operation);
        Attack attack = schedule.get(turn(operation.name()) % schedule.size());
        int turn = turn(operation.name() + " " + attack.name());
        HostileRequest.Builder request = attack.maker().make(operation, turn, random).as(caller(operation, random));
        HostileRequest made = request.build("#" + index + " " + operation.name() + " " + attack.name());
        attacked.computeIfAbsent(operation.name(), name -> new TreeSet<>()).add(made.suspects().get(0));
        return made;
    }

    /** How many rounds of the schedule cover every parameter and field of every operation. */
    int casesForFullCoverage() {
        return operations.stream().mapToInt(operation -> schedule(operation).size()).max().orElse(0) * operations.size();
    }

    private List<Attack> schedule(ApiOperation operation) {
        List<Attack> schedule = new ArrayList<>();
        for (Attack attack : attacks) {
            schedule.addAll(Collections.nCopies(attack.targets().applyAsInt(operation), attack));
        }
        return schedule;
    }

    private int turn(String key) {
        return turns.merge(key, 1, Integer::sum) - 1;
    }

    /** Operations, parameters and body fields of the document that no generated case attacked. */
    List<String> missed() {
        List<String> missed = new ArrayList<>();
        for (ApiOperation operation : operations) {
            Set<String> names = attacked.getOrDefault(operation.name(), Set.of());
            if (names.isEmpty()) {
                missed.add(operation.name());
            }
            operation.parameters().keySet().stream().filter(name -> !names.contains(name))
                    .forEach(name -> missed.add(operation.name() + " parameter " + name));
            operation.bodyFields().keySet().stream().filter(name -> !names.contains(name))
                    .forEach(name -> missed.add(operation.name() + " body field " + name));
        }
        return missed;
    }

    /** What the generator has no attack for: parameters outside query and path, bodies other than JSON. */
    List<String> unattackable() {
        List<String> unknown = new ArrayList<>();
        for (ApiOperation operation : operations) {
            operation.parameters().values().stream().filter(parameter -> !Set.of("query", "path").contains(parameter.in()))
                    .forEach(parameter -> unknown.add(operation.name() + " " + parameter.in() + " parameter "
                            + parameter.name()));
            operation.bodyMediaTypes().stream().filter(type -> !type.equals("application/json"))
                    .forEach(type -> unknown.add(operation.name() + " body of type " + type));
        }
        return unknown;
    }

    private static Caller caller(ApiOperation operation, Random random) {
        if (random.nextInt(10) < 8) {
            return operation.method().equals("GET") && random.nextBoolean() ? Caller.VIEWER : Caller.OPERATOR;
        }
        return oneOf(List.of(Caller.values()), random);
    }
}
