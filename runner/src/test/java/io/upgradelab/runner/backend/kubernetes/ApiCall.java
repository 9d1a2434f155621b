package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import java.net.URI;
import java.util.List;

/**
 * One request as RBAC sees it: API group, resource, verb and name, from its method and path
 * (as the API server's request info does; a namespace's own name is its name).
 */
record ApiCall(String group, String resource, String verb, String name) {

    static ApiCall of(String method, String pathAndQuery) {
        URI uri = URI.create(pathAndQuery);
        List<String> parts = List.of(uri.getPath().substring(1).split("/"));
        boolean core = parts.get(0).equals("api");
        if (!core && !parts.get(0).equals("apis") || parts.size() <= (core ? 2 : 3)) {
            return new ApiCall("(no API group)", uri.getPath(), method, null);   // discovery, /version: no resource
        }
        String group = core ? "" : parts.get(1);
        List<String> rest = parts.subList(core ? 2 : 3, parts.size());
        String resource;
        String name;
        if (rest.size() >= 3 && rest.get(0).equals("namespaces")) {
            resource = rest.get(2) + (rest.size() > 4 ? "/" + rest.get(4) : "");
            name = rest.size() > 3 ? rest.get(3) : null;
        } else {
            resource = rest.get(0);
            name = rest.size() > 1 ? rest.get(1) : null;
        }
        boolean watch = uri.getQuery() != null && uri.getQuery().contains("watch=true");
        String verb = switch (method) {
            case "GET" -> name != null ? "get" : watch ? "watch" : "list";
            case "POST" -> "create";
            case "PUT" -> "update";
            case "PATCH" -> "patch";
            case "DELETE" -> name != null ? "delete" : "deletecollection";
            default -> method;
        };
        return new ApiCall(group, resource, verb, name);
    }

    boolean grantedBy(PolicyRule rule) {
        return rule.getApiGroups().contains(group) && rule.getResources().contains(resource)
                && rule.getVerbs().contains(verb)
                && (rule.getResourceNames() == null || rule.getResourceNames().isEmpty()
                || rule.getResourceNames().contains(name));
    }

    String permission() {
        return permission(group, resource, verb);
    }

    static String permission(String group, String resource, String verb) {
        return (group.isEmpty() ? "core" : group) + " " + resource + " " + verb;
    }
}
