vcl 4.1;

# Varnish 7 in front of the VPV Energy website (README, "Running behind a CDN"; decision 028).
# Needs vmod_xkey from varnish-modules (Debian: apt-get install varnish varnish-modules).
#
# It keeps what the site marks public (pages from its page cache: `Cache-Control: public,
# max-age=0, s-maxage=…`), tagged by their `Surrogate-Key`; everything else the site marks
# private, no-store or no-cache goes to the site each time (Varnish's built-in rules). The site
# purges by tag when content changes (CDN_PURGE=varnish, VARNISH_PURGE_URL=http://<this host>:<port>):
#
#   PURGE / HTTP/1.1
#   xkey-purge: glossary site
#
# Edit the backend, the purgers and STALE_WHILE_REVALIDATE below for your deployment.

import std;
import xkey;

backend default {
    .host = "127.0.0.1";
    .port = "3000";
    .connect_timeout = 2s;
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 30s;
    # Sick after 3 failed checks of 5 (healthy from the start): Varnish then serves kept pages
    # for up to their stale-if-error time instead of errors.
    .probe = {
        .url = "/healthz";
        .interval = 5s;
        .timeout = 2s;
        .window = 5;
        .threshold = 3;
        .initial = 3;
    }
}

# Who may purge: the site's processes. Add their addresses when they run on other machines.
acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        # Tags separated by spaces; xkey-purge removes the pages, xkey-softpurge keeps them
        # for grace (served stale while fetched again); the vmod's own `xkey` header works too.
        if (req.http.xkey-purge) {
            set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        } elsif (req.http.xkey-softpurge) {
            set req.http.n-gone = xkey.softpurge(req.http.xkey-softpurge);
        } elsif (req.http.xkey) {
            set req.http.n-gone = xkey.purge(req.http.xkey);
        } else {
            # No tags: the one address purged.
            return (purge);
        }
        return (synth(200, "Purged " + req.http.n-gone + " objects"));
    }

    # Lead posts, uploads and every other write: to the site, never from or into the cache.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The admin's session cookie (vpv_admin, __Host-vpv_admin on https): the admin sees their own
    # pages, never a visitor's copy. Bearer tokens (/metrics) too.
    if (req.http.Cookie ~ "(^|;)\s*(__Host-)?vpv_admin=" || req.http.Authorization) {
        return (pass);
    }
    # The site sets no cookie for visitors and reads no other: a cookie some other script on the
    # domain set must not split the cache (pages say Vary: Cookie, for the admin's).
    unset req.http.Cookie;

    # Grace: a page past its s-maxage is served while it is fetched again in the background for
    # CDN_STALE_WHILE_REVALIDATE seconds, read from varnishd's environment (the site's setting
    # of the same name: start both from one environment file; 60 s when unset or not a number);
    # when the site is down, for as long as its stale-if-error allows (the object's grace, set below).
    if (std.healthy(req.backend_hint)) {
        set req.grace = std.duration(std.getenv("CDN_STALE_WHILE_REVALIDATE") + "s", 60s);
    }
    return (hash);
}

sub vcl_backend_response {
    # The tags to purge by: the site's Surrogate-Key, in the header xkey indexes.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # Kept past its TTL for stale-if-error (the request's grace narrows it to
    # stale-while-revalidate while the site is up).
    if (beresp.http.Cache-Control ~ "stale-if-error=\d+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=(\d+).*$", "\1s"), 0s);
    } elsif (beresp.http.Cache-Control ~ "stale-while-revalidate=\d+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-while-revalidate=(\d+).*$", "\1s"), 0s);
    }
    # No return: Varnish's built-in rules decide what is kept. They keep nothing that sets a
    # cookie or says private, no-store or no-cache, or has no TTL (s-maxage=0).
}

sub vcl_deliver {
    # The tags are for this cache, not for browsers.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
}
