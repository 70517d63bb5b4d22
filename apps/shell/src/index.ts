// Async boundary: shared singletons are negotiated before the console starts.
import('./bootstrap');
