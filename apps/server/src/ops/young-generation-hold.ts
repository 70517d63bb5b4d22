// main.ts's first import, so it runs before any package is loaded (the build keeps it a file of
// its own that the bundle imports first): see young-generation.ts.
import { holdYoungGeneration } from './young-generation';

holdYoungGeneration();
