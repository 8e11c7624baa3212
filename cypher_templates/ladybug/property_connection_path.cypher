// task: connection_path
// aliases: route, chain of relationships between named nodes
// parameters: source, target
// identifiers: source_label, source_key, target_label, target_key, path_types, source_shown, displays, target_shown
// directions: path_direction
// directed: any
// weighted: any
// output: list
// complexity: O(V + E) (breadth-first search); exact when every shortest path has at most max_hops steps
// description: the nodes of one shortest path between the two named nodes (no rows when none)
// verified: tested
MATCH (a:{:source_label})
WHERE a.{:source_key} = $source
MATCH (b:{:target_label})
WHERE b.{:target_key} = $target
OPTIONAL MATCH (a){<path_direction}-[r{|path_types}* SHORTEST 1..{max_hops}]-{>path_direction}(b)
WITH a, b, r
WHERE r IS NOT NULL
WITH a, b, r
ORDER BY length(r)
LIMIT 1
RETURN list_concat(list_concat([{~a:source_shown}], list_transform(nodes(r), x -> {~x:displays})), [{~b:target_shown}]) AS answer
