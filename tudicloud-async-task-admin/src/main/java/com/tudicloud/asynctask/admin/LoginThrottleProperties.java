package com.tudicloud.asynctask.admin;

import jakarta.validation.constraints.Positive;

/**
 * Failed logins allowed before a caller must wait, per user name and per client address; a caller that has
 * used them up gets 429 without a password check until its allowance refills.
 */
public class LoginThrottleProperties {

    /** Failed logins of one user name per minute. */
    @Positive(message = "must be from 1 to 2147483647")
    private int perUserPerMinute = 5;

    /** Failed logins of one user name per hour: after a burst, the wait grows from a minute to the hour. */
    @Positive(message = "must be from 1 to 2147483647")
    private int perUserPerHour = 20;

    /** Failed logins from one client address per minute. */
    @Positive(message = "must be from 1 to 2147483647")
    private int perAddressPerMinute = 20;

    /** Failed logins from one client address per hour. */
    @Positive(message = "must be from 1 to 2147483647")
    private int perAddressPerHour = 100;

    public int getPerUserPerMinute() {
        return perUserPerMinute;
    }

    public void setPerUserPerMinute(int perUserPerMinute) {
        this.perUserPerMinute = perUserPerMinute;
    }

    public int getPerUserPerHour() {
        return perUserPerHour;
    }

    public void setPerUserPerHour(int perUserPerHour) {
        this.perUserPerHour = perUserPerHour;
    }

    public int getPerAddressPerMinute() {
        return perAddressPerMinute;
    }

    public void setPerAddressPerMinute(int perAddressPerMinute) {
        this.perAddressPerMinute = perAddressPerMinute;
    }

    public int getPerAddressPerHour() {
        return perAddressPerHour;
    }

    public void setPerAddressPerHour(int perAddressPerHour) {
        this.perAddressPerHour = perAddressPerHour;
    }
}
