// task: connected
// aliases: can one named node be reached from another
// parameters: source, target
// identifiers: source_label, source_key, target_label, target_key, path_types
// directions: path_direction
// directed: any
// weighted: any
// output: yes/no
// complexity: O(V + E) (breadth-first search); exact when every shortest path has at most max_hops steps
// description: whether some path of relationships leads between the two named nodes
// verified: tested
MATCH (a:{:source_label})
WHERE a.{:source_key} = $source
MATCH (b:{:target_label})
WHERE b.{:target_key} = $target
OPTIONAL MATCH (a){<path_direction}-[r{|path_types}* SHORTEST 1..{max_hops}]-{>path_direction}(b)
RETURN count(r) > 0 AS answer
