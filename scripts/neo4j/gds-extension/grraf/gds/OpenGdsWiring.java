/*
 * Wires the OpenGDS procedures (org.neo4j.gds:proc from Maven Central) into a Neo4j 5 server.
 *
 * Why this file exists: Maven Central publishes GDS's procedure modules, but not the packaging
 * module whose kernel extension registers the component every GDS procedure injects
 * (GraphDataScienceProcedures). Without an extension the server refuses to start ("not a known
 * injectable component"). This extension does only that registration, through GDS's own public
 * builder, with the open edition's choices: no metrics, the in-memory model catalog, no model
 * storing, native exporters.
 *
 * Built by scripts/neo4j/neo4j_server.py with javac against the cached jars; used only by the
 * test/benchmark server. GDS is GPLv3; this glue links against it and is not shipped in grraf's
 * Python package.
 */
package grraf.gds;

import java.util.Optional;

import org.neo4j.configuration.Config;
import org.neo4j.gds.applications.modelcatalog.ModelRepository;
import org.neo4j.gds.applications.operations.FeatureTogglesRepository;
import org.neo4j.gds.core.model.OpenModelCatalog;
import org.neo4j.gds.core.write.NativeExportBuildersProvider;
import org.neo4j.gds.metrics.Metrics;
import org.neo4j.gds.procedures.integration.DefaultExportLocation;
import org.neo4j.gds.procedures.integration.LogAccessor;
import org.neo4j.gds.procedures.integration.OpenGraphDataScienceExtensionBuilder;
import org.neo4j.kernel.api.procedure.GlobalProcedures;
import org.neo4j.kernel.extension.ExtensionFactory;
import org.neo4j.kernel.extension.context.ExtensionContext;
import org.neo4j.kernel.lifecycle.Lifecycle;
import org.neo4j.logging.internal.LogService;

public final class OpenGdsWiring extends ExtensionFactory<OpenGdsWiring.Dependencies> {
    public OpenGdsWiring() {
        super("grraf.gds.open");
    }

    @Override
    public Lifecycle newInstance(ExtensionContext context, Dependencies deps) {
        var log = new LogAccessor().getLog(deps.logService(), getClass());
        Config config = deps.config();
        ModelRepository noModelStore = model -> {
            throw new UnsupportedOperationException("storing models is not available in this test server");
        };
        var created = OpenGraphDataScienceExtensionBuilder.create(
                log,
                deps.globalProcedures(),
                config,
                (database, configuration) -> new NativeExportBuildersProvider(),
                new DefaultExportLocation(log, config),
                new FeatureTogglesRepository(),
                Metrics.DISABLED,
                new OpenModelCatalog(),
                noModelStore,
                Optional.empty(),
                Optional.empty(),
                Optional.empty());
        return created.getLeft().build();
    }

    public interface Dependencies {
        Config config();

        GlobalProcedures globalProcedures();

        LogService logService();
    }
}
