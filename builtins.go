package scout

import (
	"bytes"
	"context"
	"strings"

	"github.com/scoutcode/scout/internal/imports"
	"github.com/scoutcode/scout/internal/page"
)

// builtins holds, by language (as imports.Lang names it), the names its
// built-in functions and types are called by where no import brings
// them: Go's predeclared functions and types (len, append, string), the
// functions, types and exceptions of Python's builtins module, the
// functions and constructors of JavaScript's global object in Node
// (Set, Promise, parseInt) and CommonJS's require.
var builtins = map[string]map[string]bool{
	"Go": wordSet(`append cap clear close complex copy delete imag len make max min new panic print println real recover
		any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string
		uint uint8 uint16 uint32 uint64 uintptr`),
	"Python": wordSet(`ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError
		BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError ConnectionError
		ConnectionRefusedError ConnectionResetError DeprecationWarning EOFError EncodingWarning EnvironmentError
		Exception ExceptionGroup FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit
		IOError ImportError ImportWarning IndentationError IndexError InterruptedError IsADirectoryError KeyError
		KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError NotADirectoryError
		NotImplementedError OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError
		RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration StopIteration
		SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError TypeError UnboundLocalError
		UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning
		ValueError Warning ZeroDivisionError abs aiter all anext any ascii bin bool breakpoint bytearray bytes
		callable chr classmethod compile complex copyright credits delattr dict dir divmod enumerate eval exec exit
		filter float format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter
		len license list locals map max memoryview min next object oct open ord pow print property quit range repr
		reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip`),
	"JavaScript/TypeScript": wordSet(`AbortController AbortSignal AggregateError Array ArrayBuffer BigInt BigInt64Array
		BigUint64Array Blob Boolean BroadcastChannel Buffer ByteLengthQueuingStrategy CompressionStream
		CountQueuingStrategy Crypto CryptoKey CustomEvent DOMException DataView Date DecompressionStream Error
		EvalError Event EventTarget File FinalizationRegistry Float32Array Float64Array FormData Function Headers
		Int16Array Int32Array Int8Array Map MessageChannel MessageEvent MessagePort Number Object Performance
		PerformanceEntry PerformanceMark PerformanceMeasure PerformanceObserver PerformanceObserverEntryList
		PerformanceResourceTiming Promise Proxy RangeError ReadableByteStreamController ReadableStream
		ReadableStreamBYOBReader ReadableStreamBYOBRequest ReadableStreamDefaultController
		ReadableStreamDefaultReader ReferenceError RegExp Request Response Set SharedArrayBuffer String
		SubtleCrypto Symbol SyntaxError TextDecoder TextDecoderStream TextEncoder TextEncoderStream TransformStream
		TransformStreamDefaultController TypeError URIError URL URLSearchParams Uint16Array Uint32Array Uint8Array
		Uint8ClampedArray WeakMap WeakRef WeakSet WritableStream WritableStreamDefaultController
		WritableStreamDefaultWriter atob btoa clearImmediate clearInterval clearTimeout decodeURI
		decodeURIComponent encodeURI encodeURIComponent escape eval fetch isFinite isNaN parseFloat parseInt
		queueMicrotask require setImmediate setInterval setTimeout structuredClone unescape`),
}

// jsGlobalObjects are the objects of JavaScript's global object in Node
// whose properties a call names (JSON.parse, Object.keys, Promise.all,
// console.log, process.exit) where no import binds the name.
var jsGlobalObjects = wordSet(`Array Atomics BigInt Buffer Date Error Intl JSON Math Number Object Promise Proxy Reflect
	String Symbol URL WebAssembly console crypto globalThis performance process`)

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// builtinPackage is what a call of a built-in of the file at p's
// language is marked with on a callers page: Go's package builtin,
// Python's module builtins, JavaScript's global object.
func builtinPackage(p string) *page.Package {
	switch lang := builtinLang(p); lang {
	case "Go":
		return &page.Package{Import: "builtin", Outside: "Go built-in"}
	case "Python":
		return &page.Package{Import: "builtins", Outside: "Python built-in"}
	default:
		return &page.Package{Import: "globalThis", Outside: lang + " built-in"}
	}
}

// builtinLang names the language of the file at p as a built-in's label
// says it.
func builtinLang(p string) string {
	if lang := imports.Lang(p); lang != "JavaScript/TypeScript" {
		return lang
	}
	return "JavaScript"
}

// isBuiltin reports whether a call not qualified at all of name, in the
// file at p, is of its language's built-in: name is one, and neither the
// file's package or module defines it (own) nor, in Python, does the
// file import every name of a module, which may be name (stars).
func isBuiltin(p, name string, own bool, stars starFiles) bool {
	return !own && builtins[imports.Lang(p)][name] && !stars.has(p)
}

// starFiles remembers, for each Python file asked about, whether it
// imports every name of a module ("from os import *" brings os.open).
type starFiles map[string]bool

// has reports whether the file at p imports a module's every name (or
// may: it could not be read).
func (s starFiles) has(p string) bool {
	if imports.Lang(p) != "Python" {
		return false
	}
	v, ok := s[p]
	if !ok {
		v = starred(p)
		s[p] = v
	}
	return v
}

// read fills in has's answers for the files at paths, several at once:
// a callers page of open(f) asks about hundreds of files.
func (s starFiles) read(paths []string) {
	var todo []string
	for _, p := range paths {
		if _, ok := s[p]; !ok && imports.Lang(p) == "Python" {
			s[p] = false
			todo = append(todo, p)
		}
	}
	found := make([]bool, len(todo))
	parallel(context.Background(), len(todo), func(i int) { found[i] = starred(todo[i]) })
	for i, p := range todo {
		s[p] = found[i]
	}
}

// starred reports whether the Python file at p imports a module's every
// name, or may (it cannot be read).
func starred(p string) bool {
	data, err := imports.ReadModule(p)
	if err != nil {
		return true
	}
	// Most files have no "import *" at all: only those are read line by line.
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte("import"))
		if j < 0 {
			return false
		}
		i += j + len("import")
		k := i
		for k < len(data) && (data[k] == ' ' || data[k] == '\t') {
			k++
		}
		if k > i && k < len(data) && data[k] == '*' {
			return len(imports.ParsePyTop(data).Stars) > 0
		}
	}
}
