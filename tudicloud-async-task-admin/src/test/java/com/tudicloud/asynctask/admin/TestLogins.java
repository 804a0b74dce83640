package com.tudicloud.asynctask.admin;

/**
 * The tests' logins: each password is its user name, stored as the admin requires it, a bcrypt hash (at the
 * lowest cost, 4, so that the many requests of a test run do not each pay a production-strength check).
 */
public final class TestLogins {

    public static final String VIEWER_HASH = "{bcrypt}$2a$04$.FhH1JB07lXLLYDlSKVcb.myaiLZY40gnn/UD3iu7hKmbYfD8xOaS";
    public static final String OPERATOR_HASH = "{bcrypt}$2a$04$PjP1tkrN1WcK.pjPA1wIT.9.s/34JkF5u.IiFJk2kmz/dpDPXfifS";
    public static final String METRICS_HASH = "{bcrypt}$2a$04$dIhrLOoptVKHw/3VCm.K7OMWa3pPbojN7pF/LvZUNLfjJG3pYzQ0y";

    private TestLogins() {
    }
}
