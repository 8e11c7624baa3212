// task: connection_length
// aliases: degrees of separation, fewest steps between named nodes
// parameters: source, target
// identifiers: source_label, source_key, target_label, target_key, path_types
// directions: path_direction
// directed: any
// weighted: any
// output: number
// complexity: O(V + E) (breadth-first search); exact when every shortest path has at most max_hops steps
// description: the fewest relationships on a path between the two named nodes (null when none)
// verified: tested
MATCH (a:{:source_label})
WHERE a.{:source_key} = $source
MATCH (b:{:target_label})
WHERE b.{:target_key} = $target
WITH a, b
WHERE a <> b
OPTIONAL MATCH p = shortestPath((a){<path_direction}-[{|path_types}*]-{>path_direction}(b))
RETURN min(length(p)) AS answer
